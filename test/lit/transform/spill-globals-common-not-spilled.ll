; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -pass-remarks-missed=outcore -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.err
;
; double a[1024];            /* with -fcommon: a tentative definition, merged at link */
; double get(long i) { return a[i]; }
;
; Another file's tentative definition would clash with a strong one: left alone.
; CHECK:     @a = common global [1024 x double] zeroinitializer
; CHECK-NOT: oc_spill_map_global
; REMARK:    remark: {{.*}}global a not spilled: a common symbol

@a = common global [1024 x double] zeroinitializer, align 16

define double @get(i64 %i) {
entry:
  %p = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i
  %x = load double, ptr %p
  ret double %x
}
