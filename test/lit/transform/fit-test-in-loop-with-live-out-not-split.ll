; RUN: opt -load-pass-plugin=%outcore -passes=outcore-unswitch-fit-tests -S %s | FileCheck %s
;
; // A kernel whose entry test reads only n, inlined into a loop that adds up
; // what it returns (the IR below is that loop after inlining, reduced):
; double spread(long n, const double *a);   /* transformed: an entry test */
; double weighted(long r, long n, const double *a) {
;   double t = 0;
;   for (long k = 0; k < r; k++)
;     t += spread(n, a) * k;
;   return t;
; }
;
; The loop leaves t to its exit. Split, the two copies would merge it there,
; and the vectoriser takes such merged pairs as seeds (a max and a min summed
; over calls came back as vector selects in the copy that runs in core, 1.30x
; the plain build's instructions): the loop stays whole, the test in it.
; CHECK-LABEL: define double @weighted(
; CHECK-NOT:     oc.split
; CHECK:       loop:
; CHECK:         br i1 %fits, label %plain, label %hinted, !outcore.fit
; CHECK-NOT:     oc.split

@oc_memory_limit_now = external global i64

declare double @spread.outcore.transformed(i64, ptr)

define double @weighted(i64 %r, i64 %n, ptr %a) {
entry:
  %limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
  %need = shl i64 %n, 3
  %fits = icmp ule i64 %need, %limit
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %t = phi double [ 0.0, %entry ], [ %t.next, %latch ]
  br i1 %fits, label %plain, label %hinted, !outcore.fit !0

plain:
  %a0 = load double, ptr %a, align 8
  br label %latch

hinted:
  %h = call double @spread.outcore.transformed(i64 %n, ptr %a)
  br label %latch

latch:
  %s = phi double [ %a0, %plain ], [ %h, %hinted ]
  %kf = sitofp i64 %k to double
  %t.next = call double @llvm.fmuladd.f64(double %s, double %kf, double %t)
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %r
  br i1 %done, label %exit, label %loop

exit:
  ret double %t.next
}

declare double @llvm.fmuladd.f64(double, double, double)

!0 = !{}
