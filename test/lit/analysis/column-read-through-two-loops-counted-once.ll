; // One iteration of t reads column t of A through two loops: a[r][t] in the
; // r loop and a[s][t] in the s loop. Both touch the same 1600 pages, counted
; // once: t needs B's 6400 pages, the column's 1600 and one for each reference
; // that follows a counted one, 8002 pages, which 32 MiB (8192 pages) holds
; // (counted twice it was 9601, and t was not localized).
; double B[1600][1600], A[1600][1600];
; void gram(void) {
;   for (int t = 0; t < 1600; t++)
;     for (int r = 0; r < 1600; r++)
;       for (int s = 0; s < 1600; s++)
;         B[r][s] += A[r][t] * A[s][t];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><mem-size=32M>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Nest 0 (Polly SCoP), 3 loops, 4 references
; CHECK-NEXT:   loop i0: depth 0, trip 1600, 0 .. 1599, pages/iteration 8002, localized
; CHECK-NEXT:   loop i1: depth 1, trip 1600, 0 .. 1599, pages/iteration 1606, localized
; CHECK-NEXT:   loop i2: depth 2, trip 1600, 0 .. 1599, pages/iteration 3, localized
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@A = dso_local local_unnamed_addr global [1600 x [1600 x double]] zeroinitializer, align 16
@B = dso_local local_unnamed_addr global [1600 x [1600 x double]] zeroinitializer, align 16

define dso_local void @gram() local_unnamed_addr {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.cond.cleanup3
  %indvars.iv42 = phi i64 [ 0, %entry ], [ %indvars.iv.next43, %for.cond.cleanup3 ]
  br label %for.cond5.preheader

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3
  ret void

for.cond5.preheader:                              ; preds = %for.cond1.preheader, %for.cond.cleanup7
  %indvars.iv38 = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next39, %for.cond.cleanup7 ]
  %arrayidx10 = getelementptr inbounds [1600 x [1600 x double]], ptr @A, i64 0, i64 %indvars.iv38, i64 %indvars.iv42
  %0 = load double, ptr %arrayidx10, align 8
  br label %for.body8

for.cond.cleanup3:                                ; preds = %for.cond.cleanup7
  %indvars.iv.next43 = add nuw nsw i64 %indvars.iv42, 1
  %exitcond45.not = icmp eq i64 %indvars.iv.next43, 1600
  br i1 %exitcond45.not, label %for.cond.cleanup, label %for.cond1.preheader

for.cond.cleanup7:                                ; preds = %for.body8
  %indvars.iv.next39 = add nuw nsw i64 %indvars.iv38, 1
  %exitcond41.not = icmp eq i64 %indvars.iv.next39, 1600
  br i1 %exitcond41.not, label %for.cond.cleanup3, label %for.cond5.preheader

for.body8:                                        ; preds = %for.cond5.preheader, %for.body8
  %indvars.iv = phi i64 [ 0, %for.cond5.preheader ], [ %indvars.iv.next, %for.body8 ]
  %arrayidx14 = getelementptr inbounds [1600 x [1600 x double]], ptr @A, i64 0, i64 %indvars.iv, i64 %indvars.iv42
  %1 = load double, ptr %arrayidx14, align 8
  %arrayidx18 = getelementptr inbounds [1600 x [1600 x double]], ptr @B, i64 0, i64 %indvars.iv38, i64 %indvars.iv
  %2 = load double, ptr %arrayidx18, align 8
  %3 = tail call double @llvm.fmuladd.f64(double %0, double %1, double %2)
  store double %3, ptr %arrayidx18, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 1600
  br i1 %exitcond.not, label %for.cond.cleanup7, label %for.body8
}

declare double @llvm.fmuladd.f64(double, double, double) #1

