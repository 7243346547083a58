; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; a's four references start 2n elements apart at most: one extent, the widest
; span (n - 3 rows of |8n| bytes and a row) plus the starts' spread (2n + 1
; elements) and a page, kept where it is below the four spans one by one; b adds
; its own span. For n = 3500: 196 MB, where five spans made 490 MB.
; CHECK-LABEL: define dso_local void @jacobi(
; CHECK:         [[ROW:%.*]] = shl i64 %n, 3
; CHECK:         [[ROWSPAN:%.*]] = call i64 @llvm.smax.i64(i64 {{%.*}}, i64 [[ROW]])
; CHECK-NEXT:    [[ROWS:%.*]] = add i64 %n, -3
; CHECK-NEXT:    [[SPAN:%.*]] = mul i64 [[ROWSPAN]], [[ROWS]]
; CHECK:         [[SPREAD_LO:%.*]] = call i64 @llvm.smin.i64(i64 {{%.*}}, i64 0)
; CHECK-NEXT:    [[JOINED:%.*]] = sub i64 {{%.*}}, [[SPREAD_LO]]
; CHECK-NEXT:    [[SPANS:%.*]] = mul i64 [[ROWSPAN]], [[ROWS]]
; CHECK-NEXT:    [[FOUR:%.*]] = shl i64 [[SPANS]], 2
; CHECK:         [[ONE_BY_ONE:%.*]] = add i64 {{%.*}}, 16320
; CHECK-NEXT:    [[A:%.*]] = call i64 @llvm.umin.i64(i64 [[JOINED]], i64 [[ONE_BY_ONE]])
; CHECK-NEXT:    [[AB:%.*]] = add i64 [[A]], [[SPAN]]
; CHECK-NEXT:    [[AB1:%.*]] = add i64 [[AB]], [[ROW]]
; CHECK-NEXT:    [[FP:%.*]] = add i64 [[AB1]], 4080
; CHECK-NEXT:    %oc.limit = load atomic i64, ptr @oc_memory_limit_now
; CHECK-NEXT:    %oc.fits = icmp ule i64 [[FP]], %oc.limit
;
; // A 2-D Jacobi sweep over arrays of n x n doubles indexed by hand (a[i * n + j],
; // n a parameter): a[(i - 1) * n + j] and a[(i + 1) * n + j] start 2n elements
; // apart, a value fixed before the nest, so the four references of a share one
; // extent: about 8 n^2 bytes for a and as much for b, not 8 n^2 for each of the
; // five references.
; void jacobi(long n, double *restrict b, const double *restrict a) {
;   for (long i = 1; i < n - 1; i++)
;     for (long j = 1; j < n - 1; j++)
;       b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] +
;                              a[i * n + j + 1]);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @jacobi(i64 noundef %n, ptr noalias noundef %b, ptr noalias noundef %a) #0 {
entry:
  %sub = add nsw i64 %n, -1
  %cmp24 = icmp slt i64 1, %sub
  br i1 %cmp24, label %for.cond1.preheader.lr.ph, label %for.end27

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc25
  %i.025 = phi i64 [ 1, %for.cond1.preheader.lr.ph ], [ %inc26, %for.inc25 ]
  br i1 true, label %for.body4.lr.ph, label %for.inc25

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body4

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %j.023 = phi i64 [ 1, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %sub5 = add nsw i64 %i.025, -1
  %mul = mul nsw i64 %sub5, %n
  %0 = getelementptr double, ptr %a, i64 %mul
  %arrayidx = getelementptr double, ptr %0, i64 %j.023
  %1 = load double, ptr %arrayidx, align 8
  %add6 = add nuw nsw i64 %i.025, 1
  %mul7 = mul nsw i64 %add6, %n
  %2 = getelementptr double, ptr %a, i64 %mul7
  %arrayidx9 = getelementptr double, ptr %2, i64 %j.023
  %3 = load double, ptr %arrayidx9, align 8
  %add10 = fadd double %1, %3
  %mul11 = mul nsw i64 %i.025, %n
  %add12 = add nsw i64 %mul11, %j.023
  %4 = getelementptr double, ptr %a, i64 %add12
  %arrayidx14 = getelementptr i8, ptr %4, i64 -8
  %5 = load double, ptr %arrayidx14, align 8
  %add15 = fadd double %add10, %5
  %arrayidx19 = getelementptr i8, ptr %4, i64 8
  %6 = load double, ptr %arrayidx19, align 8
  %add20 = fadd double %add15, %6
  %mul21 = fmul double %add20, 2.500000e-01
  %arrayidx24 = getelementptr inbounds double, ptr %b, i64 %add12
  store double %mul21, ptr %arrayidx24, align 8
  %inc = add nuw nsw i64 %j.023, 1
  %cmp3 = icmp slt i64 %inc, %sub
  br i1 %cmp3, label %for.body4, label %for.cond1.for.inc25_crit_edge, !llvm.loop !6

for.cond1.for.inc25_crit_edge:                    ; preds = %for.body4
  br label %for.inc25

for.inc25:                                        ; preds = %for.cond1.for.inc25_crit_edge, %for.cond1.preheader
  %inc26 = add nuw nsw i64 %i.025, 1
  %cmp = icmp slt i64 %inc26, %sub
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end27_crit_edge, !llvm.loop !8

for.cond.for.end27_crit_edge:                     ; preds = %for.inc25
  br label %for.end27

for.end27:                                        ; preds = %for.cond.for.end27_crit_edge, %entry
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
