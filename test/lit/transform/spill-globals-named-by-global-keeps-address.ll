; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -S %s | FileCheck %s
;
; static double a[1024];
; double *pa = a;            /* a's address in another global's initialiser */
; int main(void) { return (int)a[3]; }
;
; Moved in place, so the initialiser names the moved bytes.
; CHECK:     @a.pages = internal global { [4096 x i8], [1024 x double], [0 x i8] } zeroinitializer, align 4096
; CHECK:     @pa = global ptr getelementptr inbounds (i8, ptr @a.pages, i64 4096)
; CHECK:     call void @oc_spill_map_global(

@a = internal global [1024 x double] zeroinitializer, align 16
@pa = global ptr @a, align 8

define i32 @main() {
entry:
  %x = load double, ptr getelementptr inbounds (i8, ptr @a, i64 24)
  %r = fptosi double %x to i32
  ret i32 %r
}
