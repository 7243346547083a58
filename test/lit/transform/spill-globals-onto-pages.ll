; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -S %s | FileCheck %s
;
; static double a[1000][8];   /* 64000 bytes, zero-initialised: moved */
; double small[4];            /* below the threshold: stays */
; double get(int i, int j) { return a[i][j] + a[1][2] + small[1]; }
; int main(void) { return (int)get(0, 0); }
;
; The array's bytes move into a page-aligned global of their own, after a header
; page for the runtime and padded to whole pages (64000 -> 65536), so that a file
; can be mapped over them in place; every use names the same bytes, as constants.
; A constructor that runs before the program's hands them to the runtime.
; CHECK:       @a.pages = internal global { [4096 x i8], [1000 x [8 x double]], [1536 x i8] } zeroinitializer, align 4096
; CHECK:       @small = global [4 x double] zeroinitializer
; CHECK:       @llvm.global_ctors = appending global {{.*}} [{ i32, ptr, ptr } { i32 100, ptr @outcore.spill.globals, ptr null }]
; CHECK-NOT:   @a =
; CHECK-LABEL: define double @get(
; CHECK:         getelementptr inbounds [1000 x [8 x double]], ptr getelementptr inbounds (i8, ptr @a.pages, i64 4096), i64 0, i64 %i, i64 %j
; CHECK:         getelementptr inbounds (i8, ptr getelementptr inbounds (i8, ptr @a.pages, i64 4096), i64 80)
; CHECK:         getelementptr inbounds (i8, ptr @small, i64 8)
; CHECK-LABEL: define internal void @outcore.spill.globals()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @oc_spill_map_global(ptr getelementptr inbounds (i8, ptr @a.pages, i64 4096), i64 64000)
; CHECK-NEXT:    ret void

@a = internal global [1000 x [8 x double]] zeroinitializer, align 16
@small = global [4 x double] zeroinitializer, align 16

define double @get(i64 %i, i64 %j) {
entry:
  %p = getelementptr inbounds [1000 x [8 x double]], ptr @a, i64 0, i64 %i, i64 %j
  %x = load double, ptr %p
  %y = load double, ptr getelementptr inbounds (i8, ptr @a, i64 80)
  %z = load double, ptr getelementptr inbounds (i8, ptr @small, i64 8)
  %s = fadd double %x, %y
  %t = fadd double %s, %z
  ret double %t
}

define i32 @main() {
entry:
  %v = call double @get(i64 0, i64 0)
  %r = fptosi double %v to i32
  ret i32 %r
}
