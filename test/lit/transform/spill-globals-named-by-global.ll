; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -pass-remarks-missed=outcore -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.err
;
; static double a[1024];
; double *pa = a;            /* a's address in another global's initialiser */
; int main(void) { return (int)a[3]; }
;
; CHECK:     @a = internal global [1024 x double] zeroinitializer
; CHECK-NOT: oc_spill_alloc_global
; REMARK:    remark: {{.*}}global a not spilled: its address is in another global's initialiser

@a = internal global [1024 x double] zeroinitializer, align 16
@pa = global ptr @a, align 8

define i32 @main() {
entry:
  %x = load double, ptr getelementptr inbounds (i8, ptr @a, i64 24)
  %r = fptosi double %x to i32
  ret i32 %r
}
