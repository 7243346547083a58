; // A triangular nest (lower-triangular matrix-vector product).
; void trmv(int n, double L[restrict n][n], double x[restrict n], double y[restrict n]) {
;   for (int i = 0; i < n; i++)
;     for (int j = 0; j <= i; j++)
;       y[i] += L[i][j] * x[j];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'trmv': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 2 loops, 4 references
; CHECK-NEXT:   loop i: depth 0, trip n, 0 .. (-1 + n), pages/iteration 2*ceil((n <= 0 ? 1 : n)/512) + 2, not localized (unknown trip count)
; CHECK-NEXT:   loop j: depth 1, trip n <= 0 ? 1 : n, 0 .. last, pages/iteration 4, localized
; CHECK-NEXT:   ref L[i][j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 0 single; prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 0; hints yes
; CHECK-NEXT:   ref x[j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0, i1 = 0] }, loops 0
; CHECK-NEXT:     spatial reuse space { [i0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 1 single; prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 1; hints yes
; CHECK-NEXT:   ref y[i] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; CHECK-NEXT:     localized 1; temporal locality 1; spatial locality none
; CHECK-NEXT:     group 2 leader; prefetch when j = 0; release when false; priority 2; hints yes
; CHECK-NEXT:   ref y[i] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; CHECK-NEXT:     localized 1; temporal locality 1; spatial locality none
; CHECK-NEXT:     group 2 trailer; prefetch when false; release when j = last; priority 2; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @trmv(i32 noundef %n, ptr noalias noundef %L, ptr noalias noundef %x, ptr noalias noundef %y) #0 {
entry:
  %0 = zext i32 %n to i64
  %cmp2 = icmp slt i32 0, %n
  br i1 %cmp2, label %for.cond1.preheader.lr.ph, label %for.end12

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc10
  %i.03 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc11, %for.inc10 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.03 to i64
  %1 = mul nuw nsw i64 %idxprom, %0
  %arrayidx = getelementptr inbounds double, ptr %L, i64 %1
  %idxprom4 = zext nneg i32 %j.01 to i64
  %arrayidx5 = getelementptr inbounds double, ptr %arrayidx, i64 %idxprom4
  %2 = load double, ptr %arrayidx5, align 8
  %idxprom6 = zext nneg i32 %j.01 to i64
  %arrayidx7 = getelementptr inbounds double, ptr %x, i64 %idxprom6
  %3 = load double, ptr %arrayidx7, align 8
  %idxprom8 = zext nneg i32 %i.03 to i64
  %arrayidx9 = getelementptr inbounds double, ptr %y, i64 %idxprom8
  %4 = load double, ptr %arrayidx9, align 8
  %5 = call double @llvm.fmuladd.f64(double %2, double %3, double %4)
  store double %5, ptr %arrayidx9, align 8
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2.not = icmp ugt i32 %inc, %i.03
  br i1 %cmp2.not, label %for.inc10, label %for.body3, !llvm.loop !6

for.inc10:                                        ; preds = %for.body3
  %inc11 = add nuw nsw i32 %i.03, 1
  %cmp = icmp slt i32 %inc11, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end12_crit_edge, !llvm.loop !8

for.cond.for.end12_crit_edge:                     ; preds = %for.inc10
  br label %for.end12

for.end12:                                        ; preds = %for.cond.for.end12_crit_edge, %entry
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!8 = distinct !{!8, !7}
