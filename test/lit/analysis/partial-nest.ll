; // One reference the model cannot describe (a quadratic subscript): the other
; // references are still analysed, and the nest is left as it was.
; void partial(int n, double *restrict a, double *restrict b, const double *restrict sq) {
;   for (int i = 0; i < n; i++)
;     a[i] = b[i] + sq[(long)i * i];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: opt -passes=verify -S %s | diff -u - %t.ll
; REMARK: remark: <unknown>:0:0: loop nest not transformed: the address of a reference to 'sq' is not an affine function of the loop counters
;
; CHECK: Outcore locality for function 'partial': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (ScalarEvolution), 1 loops, 2 references
; CHECK-NEXT:   left as it is: the address of a reference to 'sq' is not an affine function of the loop counters
; CHECK-NEXT:   loop i: depth 0, trip n, 0 .. (-1 + n), pages/iteration 2, localized
; CHECK-NEXT:   ref b[i] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [c0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [c0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 single; prefetch when i mod 512 = 0; release when i mod 512 = 511; priority 0; hints yes
; CHECK-NEXT:   ref a[i] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [c0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [c0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 1 single; prefetch when i mod 512 = 0; release when i mod 512 = 511; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @partial(i32 noundef %n, ptr noalias noundef %a, ptr noalias noundef %b, ptr noalias noundef %sq) #0 {
entry:
  %cmp1 = icmp slt i32 0, %n
  br i1 %cmp1, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds double, ptr %b, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %conv = zext nneg i32 %i.02 to i64
  %conv1 = zext nneg i32 %i.02 to i64
  %mul = mul nuw nsw i64 %conv, %conv1
  %arrayidx2 = getelementptr inbounds double, ptr %sq, i64 %mul
  %1 = load double, ptr %arrayidx2, align 8
  %add = fadd double %0, %1
  %idxprom3 = zext nneg i32 %i.02 to i64
  %arrayidx4 = getelementptr inbounds double, ptr %a, i64 %idxprom3
  store double %add, ptr %arrayidx4, align 8
  %inc = add nuw nsw i32 %i.02, 1
  %cmp = icmp slt i32 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
