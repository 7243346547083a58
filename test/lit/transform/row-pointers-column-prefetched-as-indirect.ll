; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; Walking down a column, the loop over i loads a row pointer each iteration: the
; reference is prefetched as a[b[i]] is (TOCS Fig. 9), the row pointer read 150 rows
; ahead (at most the last row) and the page of its element j prefetched.
; CHECK-LABEL: define internal void @column_rows.outcore.hinted
; CHECK:       oc.prolog:
; CHECK:         [[PAT:%.*]] = getelementptr i8, ptr %a, i64 {{%.*}}
; CHECK-NEXT:    [[PROW:%.*]] = load ptr, ptr [[PAT]], align 8
; CHECK-NEXT:    [[PEL:%.*]] = getelementptr i8, ptr [[PROW]], i64 [[J:%.*]]
; CHECK-NEXT:    call void @oc_prefetch(ptr [[PEL]])
; CHECK:       for.inc:
; CHECK:         [[AHEAD:%.*]] = add i64 {{%.*}}, 150
; CHECK-NEXT:    [[IT:%.*]] = call i64 @llvm.umin.i64(i64 [[AHEAD]], i64 %oc.tc.last)
; CHECK-NEXT:    [[OFF:%.*]] = mul i64 [[IT]], 8
; CHECK-NEXT:    [[AT:%.*]] = getelementptr i8, ptr %a, i64 [[OFF]]
; CHECK-NEXT:    [[ROW:%.*]] = load ptr, ptr [[AT]], align 8
; CHECK-NEXT:    [[EL:%.*]] = getelementptr i8, ptr [[ROW]], i64 [[J]]
; CHECK-NEXT:    call void @oc_prefetch(ptr [[EL]])
;
; // Column sums of a matrix allocated row by row: the inner loop loads a row pointer each
; // iteration.
; void column_rows(long m, long n, double **a, double *s) {
;   for (long j = 0; j < n; j++) {
;     double t = 0;
;     for (long i = 0; i < m; i++)
;       t += a[i][j];
;     s[j] = t;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @column_rows(i64 noundef %m, i64 noundef %n, ptr noundef %a, ptr noundef %s) #0 {
entry:
  %cmp4 = icmp slt i64 0, %n
  br i1 %cmp4, label %for.cond1.preheader.lr.ph, label %for.end8

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %j.05 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc7, %for.end ]
  %cmp21 = icmp slt i64 0, %m
  br i1 %cmp21, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %i.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %t.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add, %for.inc ]
  %arrayidx = getelementptr inbounds ptr, ptr %a, i64 %i.03
  %0 = load ptr, ptr %arrayidx, align 8
  %arrayidx4 = getelementptr inbounds double, ptr %0, i64 %j.05
  %1 = load double, ptr %arrayidx4, align 8
  %add = fadd double %t.02, %1
  %inc = add nuw nsw i64 %i.03, 1
  %cmp2 = icmp slt i64 %inc, %m
  br i1 %cmp2, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %add.lcssa = phi double [ %add, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  %t.0.lcssa = phi double [ %add.lcssa, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.cond1.preheader ]
  %arrayidx5 = getelementptr inbounds double, ptr %s, i64 %j.05
  store double %t.0.lcssa, ptr %arrayidx5, align 8
  %inc7 = add nuw nsw i64 %j.05, 1
  %cmp = icmp slt i64 %inc7, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end8_crit_edge, !llvm.loop !8

for.cond.for.end8_crit_edge:                      ; preds = %for.end
  br label %for.end8

for.end8:                                         ; preds = %for.cond.for.end8_crit_edge, %entry
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
