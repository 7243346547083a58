; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; The fit test reads rowptr[0] and rowptr[rows] in the nest's preheader (the
; nest reads both in its first and last row): val[k] and col[k] span their
; difference, 12 bytes an element, rowptr and y 16 bytes a row, x[col[k]] a
; page per element but at most that dense data.
; CHECK-LABEL: define dso_local void @spmv(
; CHECK:       for.body.lr.ph:
; CHECK-NEXT:    [[FIRST:%.*]] = load i64, ptr %rowptr, align 8
; CHECK-NEXT:    [[LASTOFF:%.*]] = shl i64 %rows, 3
; CHECK-NEXT:    [[LASTAT:%.*]] = getelementptr i8, ptr %rowptr, i64 [[LASTOFF]]
; CHECK-NEXT:    [[LAST:%.*]] = load i64, ptr [[LASTAT]], align 8
; CHECK-NEXT:    [[ROWS:%.*]] = shl i64 %rows, 4
; CHECK-NEXT:    [[NNZ:%.*]] = sub i64 [[LAST]], [[FIRST]]
; CHECK-NEXT:    [[ELEMS:%.*]] = call i64 @llvm.smax.i64(i64 [[NNZ]], i64 0)
; CHECK-NEXT:    [[STREAMS:%.*]] = mul i64 [[ELEMS]], 12
; CHECK-NEXT:    [[D1:%.*]] = add i64 [[ROWS]], [[STREAMS]]
; CHECK-NEXT:    [[DENSE:%.*]] = add i64 [[D1]], 16404
; CHECK-NEXT:    [[PAGES:%.*]] = shl i64 [[ELEMS]], 12
; CHECK-NEXT:    [[GATHER:%.*]] = add nuw nsw i64 [[PAGES]], 8
; CHECK-NEXT:    [[X:%.*]] = call i64 @llvm.umin.i64(i64 [[DENSE]], i64 [[GATHER]])
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 {{%.*}}, %oc.limit
;
; // A CSR sparse mat-vec: the k loop walks row r from rowptr[r] to
; // rowptr[r + 1]. Over the nest the rows follow each other, so val[k] and
; // col[k] span rowptr[rows] - rowptr[0] elements (12 bytes each), both
; // read at the nest's entry, and x[col[k]] a page per element, at most the
; // dense data; no counter type's range anywhere.
; void spmv(long rows, const long *restrict rowptr, const int *restrict col,
;           const double *restrict val, const double *restrict x, double *restrict y) {
;   for (long r = 0; r < rows; r++) {
;     double s = 0.0;
;     for (long k = rowptr[r]; k < rowptr[r + 1]; k++)
;       s += val[k] * x[col[k]];
;     y[r] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @spmv(i64 noundef %rows, ptr noalias noundef %rowptr, ptr noalias noundef %col, ptr noalias noundef %val, ptr noalias noundef %x, ptr noalias noundef %y) #0 {
entry:
  %cmp4 = icmp slt i64 0, %rows
  br i1 %cmp4, label %for.body.lr.ph, label %for.end11

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.end
  %r.05 = phi i64 [ 0, %for.body.lr.ph ], [ %inc10, %for.end ]
  %arrayidx = getelementptr inbounds i64, ptr %rowptr, i64 %r.05
  %0 = load i64, ptr %arrayidx, align 8
  %1 = getelementptr inbounds i64, ptr %rowptr, i64 %r.05
  %arrayidx2 = getelementptr inbounds i8, ptr %1, i64 8
  %2 = load i64, ptr %arrayidx2, align 8
  %cmp31 = icmp slt i64 %0, %2
  br i1 %cmp31, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.body
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %k.03 = phi i64 [ %0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %6, %for.inc ]
  %arrayidx5 = getelementptr inbounds double, ptr %val, i64 %k.03
  %3 = load double, ptr %arrayidx5, align 8
  %arrayidx6 = getelementptr inbounds i32, ptr %col, i64 %k.03
  %4 = load i32, ptr %arrayidx6, align 4
  %idxprom = sext i32 %4 to i64
  %arrayidx7 = getelementptr inbounds double, ptr %x, i64 %idxprom
  %5 = load double, ptr %arrayidx7, align 8
  %6 = call double @llvm.fmuladd.f64(double %3, double %5, double %s.02)
  %inc = add nsw i64 %k.03, 1
  %7 = load i64, ptr %arrayidx2, align 8
  %cmp3 = icmp slt i64 %inc, %7
  br i1 %cmp3, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %split = phi double [ %6, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.body
  %s.0.lcssa = phi double [ %split, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.body ]
  %arrayidx8 = getelementptr inbounds double, ptr %y, i64 %r.05
  store double %s.0.lcssa, ptr %arrayidx8, align 8
  %inc10 = add nuw nsw i64 %r.05, 1
  %cmp = icmp slt i64 %inc10, %rows
  br i1 %cmp, label %for.body, label %for.cond.for.end11_crit_edge, !llvm.loop !8

for.cond.for.end11_crit_edge:                     ; preds = %for.end
  br label %for.end11

for.end11:                                        ; preds = %for.cond.for.end11_crit_edge, %entry
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
