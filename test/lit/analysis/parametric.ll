; // Sizes as arguments (PolyBench style): symbolic trip counts and pages.
; void parametric(int n, int m, double A[restrict n][m], double x[restrict m],
;                 double y[restrict n]) {
;   for (int i = 0; i < n; i++)
;     for (int j = 0; j < m; j++)
;       y[i] = y[i] + A[i][j] * x[j];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><unknown-trip=large>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LARGE
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><unknown-trip=small>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SMALL
;
; LARGE: Outcore locality for function 'parametric': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts large
; LARGE-NEXT: Nest 0 (Polly SCoP), 2 loops, 4 references
; LARGE-NEXT:   loop i: depth 0, trip n, 0 .. (-1 + n), pages/iteration 2*ceil(m/512) + 2, not localized (unknown trip count)
; LARGE-NEXT:   loop j: depth 1, trip m, 0 .. (-1 + m), pages/iteration 4, localized
; LARGE-NEXT:   ref y[i] (read, 8 B elements)
; LARGE-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; LARGE-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; LARGE-NEXT:     localized 1; temporal locality 1; spatial locality none
; LARGE-NEXT:     group 0 leader; prefetch when j = 0; release when false; priority 2; hints yes
; LARGE-NEXT:   ref A[i][j] (read, 8 B elements)
; LARGE-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; LARGE-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; LARGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; LARGE-NEXT:     group 1 single; prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 0; hints yes
; LARGE-NEXT:   ref x[j] (read, 8 B elements)
; LARGE-NEXT:     temporal reuse space { [i0, i1 = 0] }, loops 0
; LARGE-NEXT:     spatial reuse space { [i0, i1] }, loops 1
; LARGE-NEXT:     localized 1; temporal locality none; spatial locality 1
; LARGE-NEXT:     group 2 single; prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 1; hints yes
; LARGE-NEXT:   ref y[i] (write, 8 B elements)
; LARGE-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; LARGE-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; LARGE-NEXT:     localized 1; temporal locality 1; spatial locality none
; LARGE-NEXT:     group 0 trailer; prefetch when false; release when j = (-1 + m); priority 2; hints yes
;
; SMALL: Outcore locality for function 'parametric': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts small
; SMALL-NEXT: Nest 0 (Polly SCoP), 2 loops, 4 references
; SMALL-NEXT:   loop i: depth 0, trip n, 0 .. (-1 + n), pages/iteration 2*ceil(m/512) + 2, localized (unknown trip count)
; SMALL-NEXT:   loop j: depth 1, trip m, 0 .. (-1 + m), pages/iteration 4, localized
; SMALL-NEXT:   ref y[i] (read, 8 B elements)
; SMALL-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; SMALL-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; SMALL-NEXT:     localized 0,1; temporal locality 1; spatial locality 0
; SMALL-NEXT:     group 0 leader; prefetch when i mod 512 = 0 and j = 0; release when false; priority 2; hints yes
; SMALL-NEXT:   ref A[i][j] (read, 8 B elements)
; SMALL-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; SMALL-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; SMALL-NEXT:     localized 0,1; temporal locality none; spatial locality 1
; SMALL-NEXT:     group 1 single; prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 0; hints yes
; SMALL-NEXT:   ref x[j] (read, 8 B elements)
; SMALL-NEXT:     temporal reuse space { [i0, i1 = 0] }, loops 0
; SMALL-NEXT:     spatial reuse space { [i0, i1] }, loops 1
; SMALL-NEXT:     localized 0,1; temporal locality 0; spatial locality 1
; SMALL-NEXT:     group 2 single; prefetch when i = 0 and j mod 512 = 0; release when i = (-1 + n) and j mod 512 = 511; priority 1; hints yes
; SMALL-NEXT:   ref y[i] (write, 8 B elements)
; SMALL-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; SMALL-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; SMALL-NEXT:     localized 0,1; temporal locality 1; spatial locality 0
; SMALL-NEXT:     group 0 trailer; prefetch when false; release when i mod 512 = 511 and j = (-1 + m); priority 2; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @parametric(i32 noundef %n, i32 noundef %m, ptr noalias noundef %A, ptr noalias noundef %x, ptr noalias noundef %y) #0 {
entry:
  %0 = zext i32 %m to i64
  %cmp3 = icmp slt i32 0, %n
  br i1 %cmp3, label %for.cond1.preheader.lr.ph, label %for.end14

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc12
  %i.04 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc13, %for.inc12 ]
  %cmp21 = icmp slt i32 0, %m
  br i1 %cmp21, label %for.body3.lr.ph, label %for.inc12

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %j.02 = phi i32 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.04 to i64
  %arrayidx = getelementptr inbounds double, ptr %y, i64 %idxprom
  %1 = load double, ptr %arrayidx, align 8
  %idxprom4 = zext nneg i32 %i.04 to i64
  %2 = mul nuw nsw i64 %idxprom4, %0
  %arrayidx5 = getelementptr inbounds double, ptr %A, i64 %2
  %idxprom6 = zext nneg i32 %j.02 to i64
  %arrayidx7 = getelementptr inbounds double, ptr %arrayidx5, i64 %idxprom6
  %3 = load double, ptr %arrayidx7, align 8
  %idxprom8 = zext nneg i32 %j.02 to i64
  %arrayidx9 = getelementptr inbounds double, ptr %x, i64 %idxprom8
  %4 = load double, ptr %arrayidx9, align 8
  %5 = call double @llvm.fmuladd.f64(double %3, double %4, double %1)
  %idxprom10 = zext nneg i32 %i.04 to i64
  %arrayidx11 = getelementptr inbounds double, ptr %y, i64 %idxprom10
  store double %5, ptr %arrayidx11, align 8
  %inc = add nuw nsw i32 %j.02, 1
  %cmp2 = icmp slt i32 %inc, %m
  br i1 %cmp2, label %for.body3, label %for.cond1.for.inc12_crit_edge, !llvm.loop !6

for.cond1.for.inc12_crit_edge:                    ; preds = %for.body3
  br label %for.inc12

for.inc12:                                        ; preds = %for.cond1.for.inc12_crit_edge, %for.cond1.preheader
  %inc13 = add nuw nsw i32 %i.04, 1
  %cmp = icmp slt i32 %inc13, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end14_crit_edge, !llvm.loop !8

for.cond.for.end14_crit_edge:                     ; preds = %for.inc12
  br label %for.end14

for.end14:                                        ; preds = %for.cond.for.end14_crit_edge, %entry
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
