; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -S %s | FileCheck %s
;
; double a[1024];            /* external, no main here: another file names it */
; double get(long i) { return a[i]; }
;
; Moved onto pages of its own like a static array; the symbol a stays, an alias of
; the moved bytes, so that the files naming it (extern double a[]) link and use
; them, with or without main in this one.
; CHECK:     @a.pages = internal global { [4096 x i8], [1024 x double], [0 x i8] } zeroinitializer, align 4096
; CHECK:     @a = alias [1024 x double], getelementptr inbounds (i8, ptr @a.pages, i64 4096)
; CHECK:     call void @oc_spill_map_global(ptr getelementptr inbounds (i8, ptr @a.pages, i64 4096), i64 8192)

@a = global [1024 x double] zeroinitializer, align 16

define double @get(i64 %i) {
entry:
  %p = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i
  %x = load double, ptr %p
  ret double %x
}
