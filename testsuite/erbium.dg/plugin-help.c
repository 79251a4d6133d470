/* -fplugin-arg-erbium-help prints, as a note, every argument's form and
   what it does, in the order of plugin.cc's erbium_args, then the
   plugin's warnings, and the compilation goes on.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-erbium-help" } */
/* { dg-note "Erbium streaming processes, records and views for C \\(Miranda et al., CASES 2010\\)\\.  Arguments \\(-fplugin-arg-erbium-NAME\\\[=VALUE\\\]\\): lower=0\\|1 inline the primitives after the vectoriser \\(default 1\\); window=0\\|1 .*; check=0\\|1 .*; stripmine=0\\|1 .*; burst=N .*; loopalign=0\\|1\\|all .*; ivmerge=0\\|1 .*; dump\\\[=PASS,...\\\] .*; Werror=NAME,... .*; Wno-error=NAME,... .*; help print this text\\.  Warnings \\(each off with -Wno-NAME\\): -Werbium-noop .*; -Werbium-burst-pragma .*\\." "" { target *-*-* } 0 } */

int x;
