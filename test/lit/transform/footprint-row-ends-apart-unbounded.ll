; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: the data the nest touches has no bound before the nest (no run-time fit test)
; CHECK-NOT: call {{.*}}@oc_
;
; // Row r runs from start[r] to end[r], two arrays (a CSR split in begin and
; // end pointers): its rows need not follow each other, so nothing bounds
; // val[k] before the nest. ScalarEvolution's symbolic maximum of k's
; // backedges is all ones (the counter's range), which is no bound either
; // (one more is no trip at all): no fit test, so no hinted code.
; void rows_split(long rows, const long *restrict start, const long *restrict end,
;                 const double *restrict val, double *restrict y) {
;   for (long r = 0; r < rows; r++) {
;     double s = 0.0;
;     for (long k = start[r]; k < end[r]; k++)
;       s += val[k];
;     y[r] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @rows_split(i64 noundef %rows, ptr noalias noundef %start, ptr noalias noundef %end, ptr noalias noundef %val, ptr noalias noundef %y) #0 {
entry:
  %cmp4 = icmp slt i64 0, %rows
  br i1 %cmp4, label %for.body.lr.ph, label %for.end9

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.end
  %r.05 = phi i64 [ 0, %for.body.lr.ph ], [ %inc8, %for.end ]
  %arrayidx = getelementptr inbounds i64, ptr %start, i64 %r.05
  %0 = load i64, ptr %arrayidx, align 8
  %arrayidx2 = getelementptr inbounds i64, ptr %end, i64 %r.05
  %1 = load i64, ptr %arrayidx2, align 8
  %cmp31 = icmp slt i64 %0, %1
  br i1 %cmp31, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.body
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %k.03 = phi i64 [ %0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add, %for.inc ]
  %arrayidx5 = getelementptr inbounds double, ptr %val, i64 %k.03
  %2 = load double, ptr %arrayidx5, align 8
  %add = fadd double %s.02, %2
  %inc = add nsw i64 %k.03, 1
  %3 = load i64, ptr %arrayidx2, align 8
  %cmp3 = icmp slt i64 %inc, %3
  br i1 %cmp3, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %split = phi double [ %add, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.body
  %s.0.lcssa = phi double [ %split, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.body ]
  %arrayidx6 = getelementptr inbounds double, ptr %y, i64 %r.05
  store double %s.0.lcssa, ptr %arrayidx6, align 8
  %inc8 = add nuw nsw i64 %r.05, 1
  %cmp = icmp slt i64 %inc8, %rows
  br i1 %cmp, label %for.body, label %for.cond.for.end9_crit_edge, !llvm.loop !8

for.cond.for.end9_crit_edge:                      ; preds = %for.end
  br label %for.end9

for.end9:                                         ; preds = %for.cond.for.end9_crit_edge, %entry
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
!8 = distinct !{!8, !7}
