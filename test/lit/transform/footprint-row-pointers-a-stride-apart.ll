; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; Row pointers one every 24 bytes (a vector of vectors keeps a data pointer, a size
; and a capacity per row): the fit test counts n rows, the pointers' 24n bytes over
; the stride, not over a pointer's 8 bytes (3n rows: such a 154 MB grid was taken
; for 430-500 MB and ran its hinted version in core).
; CHECK-LABEL: define dso_local void @matvec_vector_rows(
; CHECK:         [[PTRBYTES:%.*]] = mul i64 %n, 24
; CHECK-NEXT:    [[ROWS:%.*]] = udiv i64 [[PTRBYTES]], 24
; CHECK-NEXT:    [[SPAN:%.*]] = shl i64 %m, 3
; CHECK-NEXT:    [[ROW:%.*]] = add i64 [[SPAN]], 4096
; CHECK-NEXT:    [[ALLROWS:%.*]] = mul i64 [[ROWS]], [[ROW]]
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered
;
; // A mat-vec over rows kept as a vector of vectors keeps (a data pointer, a
; // size and a capacity per row: one row pointer every 24 bytes).
; struct row { double *data; long size, capacity; };
; 
; void matvec_vector_rows(long n, long m, struct row *a, const double *x, double *y) {
;   for (long i = 0; i < n; i++) {
;     double s = 0;
;     for (long j = 0; j < m; j++)
;       s += a[i].data[j] * x[j];
;     y[i] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.row = type { ptr, i64, i64 }

define dso_local void @matvec_vector_rows(i64 noundef %n, i64 noundef %m, ptr noundef %a, ptr noundef %x, ptr noundef %y) #0 {
entry:
  %cmp11 = icmp slt i64 0, %n
  br i1 %cmp11, label %for.cond1.preheader.lr.ph, label %for.end9

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %i.012 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc8, %for.end ]
  %cmp28 = icmp slt i64 0, %m
  br i1 %cmp28, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  %arrayidx = getelementptr inbounds %struct.row, ptr %a, i64 %i.012
  %0 = load ptr, ptr %arrayidx, align 8
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %j.010 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.09 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %3, %for.inc ]
  %arrayidx4 = getelementptr inbounds double, ptr %0, i64 %j.010
  %1 = load double, ptr %arrayidx4, align 8
  %arrayidx5 = getelementptr inbounds double, ptr %x, i64 %j.010
  %2 = load double, ptr %arrayidx5, align 8
  %3 = call double @llvm.fmuladd.f64(double %1, double %2, double %s.09)
  %inc = add nuw nsw i64 %j.010, 1
  %cmp2 = icmp slt i64 %inc, %m
  br i1 %cmp2, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %.lcssa = phi double [ %3, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  %s.0.lcssa = phi double [ %.lcssa, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.cond1.preheader ]
  %arrayidx6 = getelementptr inbounds double, ptr %y, i64 %i.012
  store double %s.0.lcssa, ptr %arrayidx6, align 8
  %inc8 = add nuw nsw i64 %i.012, 1
  %cmp = icmp slt i64 %inc8, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end9_crit_edge, !llvm.loop !8

for.cond.for.end9_crit_edge:                      ; preds = %for.end
  br label %for.end9

for.end9:                                         ; preds = %for.cond.for.end9_crit_edge, %entry
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
