; RUN: opt -load-pass-plugin=%outcore -passes=outcore-unswitch-fit-tests -S %s | FileCheck %s
;
; // A kernel whose entry test reads only n, inlined into a loop over rows that
; // does not change n (the IR below is that loop after inlining, reduced):
; void solve(long n, const double *b, double *d);   /* transformed */
; void solve_all(long m, long n, const double *b, double *d) {
;   for (long s = 0; s < m; s++)
;     solve(n, b, d + s * n);
; }
;
; The loop is split on the test: the copy the test's outcome picks (here the
; clone, when the data fit) runs the plain body only, the other one calls
; the transformed body only; each copy's test is decided and gone.
; CHECK-LABEL: define void @solve_all(
; CHECK:         br i1 %fits, label %[[COPY:.*\.oc\.split.*]], label %[[OTHER:.*]]
; CHECK:       [[COPY]]:
; CHECK:         load double, ptr %b
; CHECK-NOT:     call void @solve.outcore.transformed
; CHECK:       [[OTHER]]:
; CHECK-NOT:     load double, ptr %b
; CHECK:         call void @solve.outcore.transformed(i64 %n, ptr %b, ptr %row)
; CHECK-NOT:     !outcore.fit

@oc_memory_limit_now = external global i64

declare void @solve.outcore.transformed(i64, ptr, ptr)

define void @solve_all(i64 %m, i64 %n, ptr noalias %b, ptr noalias %d) {
entry:
  %limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
  %need = shl i64 %n, 4
  %fits = icmp ule i64 %need, %limit
  br label %loop

loop:
  %s = phi i64 [ 0, %entry ], [ %s.next, %latch ]
  %off = mul nsw i64 %s, %n
  %row = getelementptr double, ptr %d, i64 %off
  br i1 %fits, label %plain, label %hinted, !outcore.fit !0

plain:
  %b0 = load double, ptr %b, align 8
  %x = load double, ptr %row, align 8
  %q = fdiv double %x, %b0
  store double %q, ptr %row, align 8
  br label %latch

hinted:
  call void @solve.outcore.transformed(i64 %n, ptr %b, ptr %row)
  br label %latch

latch:
  %s.next = add nuw nsw i64 %s, 1
  %done = icmp eq i64 %s.next, %m
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = !{}
