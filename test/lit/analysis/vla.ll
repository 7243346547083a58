; // A variable-length array on the stack.
; double vla_sum(int n, int m) {
;   double t[n][m];
;   double s = 0;
;   for (int i = 0; i < n; i++)
;     for (int j = 0; j < m; j++)
;       t[i][j] = i + j;
;   for (int j = 0; j < m; j++)
;     for (int i = 0; i < n; i++)
;       s += t[i][j];
;   return s;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'vla_sum': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 2 loops, 1 references
; CHECK-NEXT:   loop i: depth 0, trip n, 0 .. (-1 + n), pages/iteration ceil(m/512), not localized (unknown trip count)
; CHECK-NEXT:   loop j: depth 1, trip m, 0 .. (-1 + m), pages/iteration 1, localized
; CHECK-NEXT:   ref vla[i][j] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 0 single; prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 0; hints yes
; CHECK-NEXT: Nest 1 (Polly SCoP), 2 loops, 1 references
; CHECK-NEXT:   loop j9: depth 0, trip m, 0 .. (-1 + m), pages/iteration n, not localized (unknown trip count)
; CHECK-NEXT:   loop i14: depth 1, trip n, 0 .. (-1 + n), pages/iteration 1, localized
; CHECK-NEXT:   ref vla[i14][j9] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0, i1 = 0] }, loops 0
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality none
; CHECK-NEXT:     group 0 single; prefetch when true; release when true; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local double @vla_sum(i32 noundef %n, i32 noundef %m) #0 {
entry:
  %0 = zext i32 %n to i64
  %1 = zext i32 %m to i64
  %2 = mul nuw i64 %0, %1
  %vla = alloca double, i64 %2, align 16
  %cmp3 = icmp slt i32 0, %n
  br i1 %cmp3, label %for.cond1.preheader.lr.ph, label %for.cond10.preheader

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc6
  %i.04 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc7, %for.inc6 ]
  %cmp21 = icmp slt i32 0, %m
  br i1 %cmp21, label %for.body3.lr.ph, label %for.inc6

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.cond.for.cond10.preheader_crit_edge:          ; preds = %for.inc6
  br label %for.cond10.preheader

for.cond10.preheader:                             ; preds = %for.cond.for.cond10.preheader_crit_edge, %entry
  %cmp118 = icmp slt i32 0, %m
  br i1 %cmp118, label %for.cond15.preheader.lr.ph, label %for.end29

for.cond15.preheader.lr.ph:                       ; preds = %for.cond10.preheader
  br label %for.cond15.preheader

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %j.02 = phi i32 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %add = add nuw nsw i32 %i.04, %j.02
  %conv = uitofp nneg i32 %add to double
  %idxprom = zext nneg i32 %i.04 to i64
  %3 = mul nuw nsw i64 %idxprom, %1
  %arrayidx = getelementptr inbounds double, ptr %vla, i64 %3
  %idxprom4 = zext nneg i32 %j.02 to i64
  %arrayidx5 = getelementptr inbounds double, ptr %arrayidx, i64 %idxprom4
  store double %conv, ptr %arrayidx5, align 8
  %inc = add nuw nsw i32 %j.02, 1
  %cmp2 = icmp slt i32 %inc, %m
  br i1 %cmp2, label %for.body3, label %for.cond1.for.inc6_crit_edge, !llvm.loop !6

for.cond1.for.inc6_crit_edge:                     ; preds = %for.body3
  br label %for.inc6

for.inc6:                                         ; preds = %for.cond1.for.inc6_crit_edge, %for.cond1.preheader
  %inc7 = add nuw nsw i32 %i.04, 1
  %cmp = icmp slt i32 %inc7, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.cond10.preheader_crit_edge, !llvm.loop !8

for.cond15.preheader:                             ; preds = %for.cond15.preheader.lr.ph, %for.inc27
  %j9.010 = phi i32 [ 0, %for.cond15.preheader.lr.ph ], [ %inc28, %for.inc27 ]
  %s.09 = phi double [ 0.000000e+00, %for.cond15.preheader.lr.ph ], [ %s.1.lcssa, %for.inc27 ]
  %cmp165 = icmp slt i32 0, %n
  br i1 %cmp165, label %for.inc24.lr.ph, label %for.inc27

for.inc24.lr.ph:                                  ; preds = %for.cond15.preheader
  br label %for.inc24

for.inc24:                                        ; preds = %for.inc24.lr.ph, %for.inc24
  %i14.07 = phi i32 [ 0, %for.inc24.lr.ph ], [ %inc25, %for.inc24 ]
  %s.16 = phi double [ %s.09, %for.inc24.lr.ph ], [ %add23, %for.inc24 ]
  %idxprom19 = zext nneg i32 %i14.07 to i64
  %4 = mul nuw nsw i64 %idxprom19, %1
  %arrayidx20 = getelementptr inbounds double, ptr %vla, i64 %4
  %idxprom21 = zext nneg i32 %j9.010 to i64
  %arrayidx22 = getelementptr inbounds double, ptr %arrayidx20, i64 %idxprom21
  %5 = load double, ptr %arrayidx22, align 8
  %add23 = fadd double %s.16, %5
  %inc25 = add nuw nsw i32 %i14.07, 1
  %cmp16 = icmp slt i32 %inc25, %n
  br i1 %cmp16, label %for.inc24, label %for.cond15.for.inc27_crit_edge, !llvm.loop !9

for.cond15.for.inc27_crit_edge:                   ; preds = %for.inc24
  %split = phi double [ %add23, %for.inc24 ]
  br label %for.inc27

for.inc27:                                        ; preds = %for.cond15.for.inc27_crit_edge, %for.cond15.preheader
  %s.1.lcssa = phi double [ %split, %for.cond15.for.inc27_crit_edge ], [ %s.09, %for.cond15.preheader ]
  %inc28 = add nuw nsw i32 %j9.010, 1
  %cmp11 = icmp slt i32 %inc28, %m
  br i1 %cmp11, label %for.cond15.preheader, label %for.cond10.for.end29_crit_edge, !llvm.loop !10

for.cond10.for.end29_crit_edge:                   ; preds = %for.inc27
  %split11 = phi double [ %s.1.lcssa, %for.inc27 ]
  br label %for.end29

for.end29:                                        ; preds = %for.cond10.for.end29_crit_edge, %for.cond10.preheader
  %s.0.lcssa = phi double [ %split11, %for.cond10.for.end29_crit_edge ], [ 0.000000e+00, %for.cond10.preheader ]
  ret double %s.0.lcssa
}

declare ptr @llvm.stacksave.p0() #1

declare void @llvm.stackrestore.p0(ptr) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn }

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
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
