; RUN: opt -load-pass-plugin=%outcore -passes=outcore-unswitch-fit-tests -S %s | FileCheck %s
;
; // A kernel whose entry test reads its length, inlined into a loop that
; // passes it a longer row each time (the IR below is that loop after
; // inlining, reduced):
; void scale(long n, double *row);   /* transformed: an entry test on n */
; void scale_rows(long m, double *a) {
;   for (long i = 1; i <= m; i++)
;     scale(i, a + i * (i - 1) / 2);
; }
;
; The test's outcome may change from one row to the next: there is nothing
; to split the loop on, and the test stays in it.
; CHECK-LABEL: define void @scale_rows(
; CHECK-NOT:     oc.split
; CHECK:       loop:
; CHECK:         %fits = icmp ule i64 %need, %limit
; CHECK-NEXT:    br i1 %fits, label %plain, label %hinted, !outcore.fit
; CHECK-NOT:     oc.split

@oc_memory_limit_now = external global i64

declare void @scale.outcore.transformed(i64, ptr)

define void @scale_rows(i64 %m, ptr %a) {
entry:
  %limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
  br label %loop

loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %latch ]
  %tri = mul nuw nsw i64 %i, %i
  %row = getelementptr double, ptr %a, i64 %tri
  %need = shl i64 %i, 3
  %fits = icmp ule i64 %need, %limit
  br i1 %fits, label %plain, label %hinted, !outcore.fit !0

plain:
  %x = load double, ptr %row, align 8
  %y = fmul double %x, 2.0
  store double %y, ptr %row, align 8
  br label %latch

hinted:
  call void @scale.outcore.transformed(i64 %i, ptr %row)
  br label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp ugt i64 %i.next, %m
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = !{}
