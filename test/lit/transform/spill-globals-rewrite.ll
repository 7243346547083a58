; RUN: opt -load-pass-plugin=%outcore -passes='outcore-spill-globals,verify' -outcore-spill-globals-min=4096 -S %s | FileCheck %s
;
; static double a[1024][8];   /* 64 KiB, zero-initialised: moved */
; double small[4];            /* below the threshold: stays */
; double get(int i, int j) { return a[i][j] + a[1][2] + small[1]; }
; int main(void) { return (int)get(0, 0); }
;
; The array becomes memory from the runtime, stored by a constructor that runs
; before the program's; each function loads its address once, at entry, and the
; constant-expression use (a[1][2]) becomes an instruction on that address.
; CHECK-NOT:   @a =
; CHECK:       @small = global [4 x double] zeroinitializer
; CHECK:       @a.spilled = internal global ptr null
; CHECK:       @llvm.global_ctors = appending global {{.*}} [{ i32, ptr, ptr } { i32 100, ptr @outcore.spill.globals, ptr null }]
; CHECK-LABEL: define double @get(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a.addr = load ptr, ptr @a.spilled
; CHECK:         getelementptr inbounds [1024 x [8 x double]], ptr %a.addr, i64 0, i64 %i, i64 %j
; CHECK:         getelementptr inbounds (i8, ptr @small, i64 8)
; CHECK-LABEL: define internal void @outcore.spill.globals()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %0 = call ptr @oc_spill_alloc_global(i64 65536)
; CHECK-NEXT:    store ptr %0, ptr @a.spilled
; CHECK-NEXT:    ret void

@a = internal global [1024 x [8 x double]] zeroinitializer, align 16
@small = global [4 x double] zeroinitializer, align 16

define double @get(i64 %i, i64 %j) {
entry:
  %p = getelementptr inbounds [1024 x [8 x double]], ptr @a, i64 0, i64 %i, i64 %j
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
