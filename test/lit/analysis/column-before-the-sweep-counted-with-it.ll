; // One iteration of i reads column i of D (D[k][i]) and, through j from i + 1,
; // the columns after it (D[k][j]). Column i lies one element before the sweep,
; // on its pages (the half-page rule), so it adds none: i needs D's 6400 pages,
; // C's row and one for the column, 6405 pages (counted on its own it was 8004).
; double D[1600][1600], C[1600][1600];
; void cov(void) {
;   for (int i = 0; i < 1600; i++)
;     for (int j = i + 1; j < 1600; j++) {
;       double s = 0;
;       for (int k = 0; k < 1600; k++)
;         s += D[k][i] * D[k][j];
;       C[i][j] = s;
;     }
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><mem-size=32M>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Nest 0 (Polly SCoP), 3 loops, 3 references
; CHECK-NEXT:   loop i0: depth 0, trip 1600, 0 .. 1599, pages/iteration 6405, localized
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@D = dso_local local_unnamed_addr global [1600 x [1600 x double]] zeroinitializer, align 16
@C = dso_local local_unnamed_addr global [1600 x [1600 x double]] zeroinitializer, align 16

define dso_local void @cov() local_unnamed_addr {
entry:
  br label %for.body

for.cond.loopexit:                                ; preds = %for.cond.cleanup7, %for.body
  %indvars.iv.next43 = add nuw nsw i64 %indvars.iv42, 1
  %exitcond51.not = icmp eq i64 %indvars.iv.next49, 1600
  br i1 %exitcond51.not, label %for.cond.cleanup, label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.loopexit
  ret void

for.body:                                         ; preds = %entry, %for.cond.loopexit
  %indvars.iv48 = phi i64 [ 0, %entry ], [ %indvars.iv.next49, %for.cond.loopexit ]
  %indvars.iv42 = phi i64 [ 1, %entry ], [ %indvars.iv.next43, %for.cond.loopexit ]
  %indvars.iv.next49 = add nuw nsw i64 %indvars.iv48, 1
  %cmp238 = icmp ult i64 %indvars.iv48, 1599
  br i1 %cmp238, label %for.cond5.preheader, label %for.cond.loopexit

for.cond5.preheader:                              ; preds = %for.body, %for.cond.cleanup7
  %indvars.iv44 = phi i64 [ %indvars.iv.next45, %for.cond.cleanup7 ], [ %indvars.iv42, %for.body ]
  br label %for.body8

for.cond.cleanup7:                                ; preds = %for.body8
  %arrayidx18 = getelementptr inbounds [1600 x [1600 x double]], ptr @C, i64 0, i64 %indvars.iv48, i64 %indvars.iv44
  store double %2, ptr %arrayidx18, align 8
  %indvars.iv.next45 = add nuw nsw i64 %indvars.iv44, 1
  %exitcond47.not = icmp eq i64 %indvars.iv.next45, 1600
  br i1 %exitcond47.not, label %for.cond.loopexit, label %for.cond5.preheader

for.body8:                                        ; preds = %for.cond5.preheader, %for.body8
  %indvars.iv = phi i64 [ 0, %for.cond5.preheader ], [ %indvars.iv.next, %for.body8 ]
  %s.036 = phi double [ 0.000000e+00, %for.cond5.preheader ], [ %2, %for.body8 ]
  %arrayidx10 = getelementptr inbounds [1600 x [1600 x double]], ptr @D, i64 0, i64 %indvars.iv, i64 %indvars.iv48
  %0 = load double, ptr %arrayidx10, align 8
  %arrayidx14 = getelementptr inbounds [1600 x [1600 x double]], ptr @D, i64 0, i64 %indvars.iv, i64 %indvars.iv44
  %1 = load double, ptr %arrayidx14, align 8
  %2 = tail call double @llvm.fmuladd.f64(double %0, double %1, double %s.036)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 1600
  br i1 %exitcond.not, label %for.cond.cleanup7, label %for.body8
}

declare double @llvm.fmuladd.f64(double, double, double) #1

