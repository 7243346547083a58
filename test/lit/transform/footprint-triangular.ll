; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; c spans 8000 (n - 1) + 8 (n - 1) bytes (rows, and j up to i = n - 1), a
; 6400 (n - 1) + 8 (m - 1) (a[i][k] and a[j][k] share one extent), plus an
; element and a page each.
; CHECK-LABEL: define dso_local void @syrk(
; CHECK:         [[N1:%.*]] = add i32 %n, -1
; CHECK-NEXT:    [[N1W:%.*]] = zext i32 [[N1]] to i64
; CHECK-NEXT:    [[ROWS:%.*]] = mul nuw nsw i64 [[N1W]], 14408
; CHECK-NEXT:    [[M1:%.*]] = add i32 %m, -1
; CHECK-NEXT:    [[M1W:%.*]] = zext i32 [[M1]] to i64
; CHECK-NEXT:    [[COLS:%.*]] = shl nuw nsw i64 [[M1W]], 3
; CHECK-NEXT:    [[SUM:%.*]] = add i64 [[ROWS]], [[COLS]]
; CHECK-NEXT:    [[FP:%.*]] = add i64 [[SUM]], 8208
; CHECK-NEXT:    %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 [[FP]], %oc.limit
;
; // A symmetric rank-k update over the lower triangle, int counters and
; // fixed-size array parameters. The j loops run to i: their trip counts vary
; // in the nest, and the footprint counts i's last value (n - 1), not the
; // range of an int: (n - 1) rows of c and a plus a row each, far below 2^32.
; #define N 1000
; #define M 800
; void syrk(int n, int m, double alpha, double beta, double c[N][N], double a[N][M]) {
;   for (int i = 0; i < n; i++) {
;     for (int j = 0; j <= i; j++)
;       c[i][j] *= beta;
;     for (int k = 0; k < m; k++)
;       for (int j = 0; j <= i; j++)
;         c[i][j] += alpha * a[i][k] * a[j][k];
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @syrk(i32 noundef %n, i32 noundef %m, double noundef %alpha, double noundef %beta, ptr noundef %c, ptr noundef %a) #0 {
entry:
  %cmp5 = icmp slt i32 0, %n
  br i1 %cmp5, label %for.cond1.preheader.lr.ph, label %for.end35

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc33
  %i.06 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc34, %for.inc33 ]
  br label %for.body3

for.cond6.preheader:                              ; preds = %for.body3
  %cmp73 = icmp slt i32 0, %m
  br i1 %cmp73, label %for.cond10.preheader.lr.ph, label %for.inc33

for.cond10.preheader.lr.ph:                       ; preds = %for.cond6.preheader
  br label %for.cond10.preheader

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.06 to i64
  %idxprom4 = zext nneg i32 %j.01 to i64
  %arrayidx5 = getelementptr inbounds [1000 x double], ptr %c, i64 %idxprom, i64 %idxprom4
  %0 = load double, ptr %arrayidx5, align 8
  %mul = fmul double %0, %beta
  store double %mul, ptr %arrayidx5, align 8
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2.not = icmp ugt i32 %inc, %i.06
  br i1 %cmp2.not, label %for.cond6.preheader, label %for.body3, !llvm.loop !6

for.cond10.preheader:                             ; preds = %for.cond10.preheader.lr.ph, %for.inc30
  %k.04 = phi i32 [ 0, %for.cond10.preheader.lr.ph ], [ %inc31, %for.inc30 ]
  br label %for.body12

for.body12:                                       ; preds = %for.cond10.preheader, %for.body12
  %j9.02 = phi i32 [ 0, %for.cond10.preheader ], [ %inc28, %for.body12 ]
  %idxprom13 = zext nneg i32 %i.06 to i64
  %idxprom15 = zext nneg i32 %k.04 to i64
  %arrayidx16 = getelementptr inbounds [800 x double], ptr %a, i64 %idxprom13, i64 %idxprom15
  %1 = load double, ptr %arrayidx16, align 8
  %mul17 = fmul double %1, %alpha
  %idxprom18 = zext nneg i32 %j9.02 to i64
  %idxprom20 = zext nneg i32 %k.04 to i64
  %arrayidx21 = getelementptr inbounds [800 x double], ptr %a, i64 %idxprom18, i64 %idxprom20
  %2 = load double, ptr %arrayidx21, align 8
  %idxprom23 = zext nneg i32 %i.06 to i64
  %idxprom25 = zext nneg i32 %j9.02 to i64
  %arrayidx26 = getelementptr inbounds [1000 x double], ptr %c, i64 %idxprom23, i64 %idxprom25
  %3 = load double, ptr %arrayidx26, align 8
  %4 = call double @llvm.fmuladd.f64(double %mul17, double %2, double %3)
  store double %4, ptr %arrayidx26, align 8
  %inc28 = add nuw nsw i32 %j9.02, 1
  %cmp11.not = icmp ugt i32 %inc28, %i.06
  br i1 %cmp11.not, label %for.inc30, label %for.body12, !llvm.loop !8

for.inc30:                                        ; preds = %for.body12
  %inc31 = add nuw nsw i32 %k.04, 1
  %cmp7 = icmp slt i32 %inc31, %m
  br i1 %cmp7, label %for.cond10.preheader, label %for.cond6.for.inc33_crit_edge, !llvm.loop !9

for.cond6.for.inc33_crit_edge:                    ; preds = %for.inc30
  br label %for.inc33

for.inc33:                                        ; preds = %for.cond6.for.inc33_crit_edge, %for.cond6.preheader
  %inc34 = add nuw nsw i32 %i.06, 1
  %cmp = icmp slt i32 %inc34, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end35_crit_edge, !llvm.loop !10

for.cond.for.end35_crit_edge:                     ; preds = %for.inc33
  br label %for.end35

for.end35:                                        ; preds = %for.cond.for.end35_crit_edge, %entry
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
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
