; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ANALYSIS
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<unknown-trip=large>,verify' -S %s | FileCheck %s --check-prefix=LARGE
;
; A column walk whose column (20042 pages with x2 and y2) is more than the
; 64 MiB the analysis assumes by default: at compile time the i loop is not
; localized, and A's pages would be released right after use ("release when
; true") although the next 511 columns reuse them. That decision rests on
; the memory at run time: a version with i localized (A prefetched when
; i mod 512 = 0, released when i mod 512 = 511) runs when the column's pages
; fit in oc_memory_limit(), after the test for the whole matrix.
; ANALYSIS: loop i: depth 0, trip 20000, 0 .. 19999, pages/iteration 20042, not localized (memory at run time)
; ANALYSIS: ref A[j][i]
; ANALYSIS: prefetch when true; release when true; priority 0
; CHECK-LABEL: define dso_local void @column_walk(
; CHECK:         %oc.fits = icmp ule i64 3200320000, %oc.limit
; CHECK:         call void @column_walk.outcore.hinted.0()
; CHECK-LABEL: define internal void @column_walk.outcore.hinted.0()
; CHECK:       for.cond1.preheader.oc.ph:
; CHECK-NEXT:    %oc.limit2 = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
; CHECK-NEXT:    %oc.fits3 = icmp ule i64 82092032, %oc.limit2
; CHECK-NEXT:    br i1 %oc.fits3, label %[[LOCAL:.*\.oc\.local]], label %[[EACH:.*]]
; CHECK:       [[LOCAL]]:
; CHECK:         %oc.rem = urem i64 %{{.*}}, 512
; CHECK-NEXT:    %oc.page.first = icmp eq i64 %oc.rem, 0
; CHECK-NEXT:    %oc.page.last = icmp eq i64 %oc.rem, 511
; CHECK:         br i1 %oc.no.hints, label %{{.*}}.oc.plain, label
; LARGE-LABEL: define dso_local void @column_walk(
; LARGE-NOT:     .oc.local
; LARGE:       }
;
; // A column walk over a fixed 20000 x 20000 matrix (x2 += A^T y2, as in a
; // matrix-vector product by columns): one column of A is 20000 pages, more
; // than the 64 MiB the analysis assumes, but far less than a realistic limit.
; #define N 20000
; double A[N][N], x2[N], y2[N];
; 
; void column_walk(void) {
;   for (int i = 0; i < N; i++)
;     for (int j = 0; j < N; j++)
;       x2[i] += A[j][i] * y2[j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@A = dso_local global [20000 x [20000 x double]] zeroinitializer, align 16
@y2 = dso_local global [20000 x double] zeroinitializer, align 16
@x2 = dso_local global [20000 x double] zeroinitializer, align 16

define dso_local void @column_walk() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc10
  %i.02 = phi i32 [ 0, %entry ], [ %inc11, %for.inc10 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %j.01 to i64
  %idxprom4 = zext nneg i32 %i.02 to i64
  %arrayidx5 = getelementptr inbounds [20000 x [20000 x double]], ptr @A, i64 0, i64 %idxprom, i64 %idxprom4
  %0 = load double, ptr %arrayidx5, align 8
  %idxprom6 = zext nneg i32 %j.01 to i64
  %arrayidx7 = getelementptr inbounds [20000 x double], ptr @y2, i64 0, i64 %idxprom6
  %1 = load double, ptr %arrayidx7, align 8
  %idxprom8 = zext nneg i32 %i.02 to i64
  %arrayidx9 = getelementptr inbounds [20000 x double], ptr @x2, i64 0, i64 %idxprom8
  %2 = load double, ptr %arrayidx9, align 8
  %3 = call double @llvm.fmuladd.f64(double %0, double %1, double %2)
  store double %3, ptr %arrayidx9, align 8
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2 = icmp ult i32 %inc, 20000
  br i1 %cmp2, label %for.body3, label %for.inc10, !llvm.loop !6

for.inc10:                                        ; preds = %for.body3
  %inc11 = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc11, 20000
  br i1 %cmp, label %for.cond1.preheader, label %for.end12, !llvm.loop !8

for.end12:                                        ; preds = %for.inc10
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
