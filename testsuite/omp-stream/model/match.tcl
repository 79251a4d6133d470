# SPDX-License-Identifier: GPL-3.0-or-later
# match.tcl TEST.c OUTPUT-FILE -- print 1 when OUTPUT-FILE matches the
# concatenation of TEST.c's dg-output patterns the way dg.exp's dg-test
# does (each directive evaluated as a Tcl command, `regexp --' on the
# whole output), else 0.  Used by run.py.
set src [read [open [lindex $argv 0]]]
set out [read [open [lindex $argv 1]]]
set pattern ""
foreach line [split $src "\n"] {
    if {[regexp {\{[ \t]+(dg-output[ \t]+.*)[ \t]+\}} $line -> cmd]} {
	proc dg-output {args} { upvar pattern p; append p [lindex $args 0] }
	eval $cmd
    }
}
puts [regexp -- $pattern $out]
