; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK:      Nest 0 (ScalarEvolution), 2 loops, 2 references
; CHECK:        ref x[i] (write, 8 B elements)
; CHECK:          prefetch when true; release when true; priority 0; hints yes
; CHECK:        ref A[i][j] (read, 8 B elements)
; CHECK:          prefetch when j mod 512 = 0; release when j mod 512 = 511; priority 0; hints yes
; CHECK-NOT:  Nest 1
; CHECK-NOT:  Missed nest
;
; // The loop around a sum calls sqrt under math-errno, which writes only errno:
; // the whole nest is one nest from ScalarEvolution, as under -fno-math-errno,
; // so x[i] gets hints too (Polly would model the inner loop alone).
; double sqrt(double);
; 
; void f(int n, double A[n][n], double x[n]) {
;   for (int i = 0; i < n; i++) {
;     double s = 0.0;
;     for (int j = 0; j < n; j++)
;       s += A[i][j] * A[i][j];
;     x[i] = sqrt(s);
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @f(i32 noundef %n, ptr noundef %A, ptr noundef %x) #0 {
entry:
  %0 = zext i32 %n to i64
  %cmp4 = icmp slt i32 0, %n
  br i1 %cmp4, label %for.cond1.preheader.lr.ph, label %for.end14

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %i.05 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc13, %for.end ]
  %cmp21 = icmp slt i32 0, %n
  br i1 %cmp21, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %j.03 = phi i32 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %3, %for.inc ]
  %idxprom = zext nneg i32 %i.05 to i64
  %1 = mul nuw nsw i64 %idxprom, %0
  %arrayidx = getelementptr inbounds double, ptr %A, i64 %1
  %idxprom4 = zext nneg i32 %j.03 to i64
  %arrayidx5 = getelementptr inbounds double, ptr %arrayidx, i64 %idxprom4
  %2 = load double, ptr %arrayidx5, align 8
  %3 = call double @llvm.fmuladd.f64(double %2, double %2, double %s.02)
  %inc = add nuw nsw i32 %j.03, 1
  %cmp2 = icmp slt i32 %inc, %n
  br i1 %cmp2, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %.lcssa = phi double [ %3, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  %s.0.lcssa = phi double [ %.lcssa, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.cond1.preheader ]
  %call = call double @sqrt(double noundef %s.0.lcssa) #3
  %idxprom10 = zext nneg i32 %i.05 to i64
  %arrayidx11 = getelementptr inbounds double, ptr %x, i64 %idxprom10
  store double %call, ptr %arrayidx11, align 8
  %inc13 = add nuw nsw i32 %i.05, 1
  %cmp = icmp slt i32 %inc13, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end14_crit_edge, !llvm.loop !8

for.cond.for.end14_crit_edge:                     ; preds = %for.end
  br label %for.end14

for.end14:                                        ; preds = %for.cond.for.end14_crit_edge, %entry
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double) #1

declare double @sqrt(double noundef) #2

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

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
