; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000;unknown-trip=large>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000;unknown-trip=large>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; A flattened A[i * cols + j]: the pipeline loop is j, where A and x have
; constant 8-byte steps; A's row start i * cols * 8 is computed before the
; loop. y[i], outside j, gets no hints.
; CHECK-LABEL: define dso_local void @matvec(
; CHECK:         br i1 %oc.fits,
; CHECK:         [[ROW:%.*]] = getelementptr i8, ptr %A, i64 %{{.*}}
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %oc.pages, i32 0, i32 [[TA:%oc.tag[0-9]+]])
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %oc.pages{{[0-9]+}}, i32 1, i32 [[TX:%oc.tag[0-9]+]])
; CHECK:       oc.strip:
; CHECK:         %oc.pf.it = add i64 %oc.s, 8192
; CHECK:         [[OFF:%.*]] = mul i64 %oc.pf.it, 8
; CHECK-NEXT:    getelementptr i8, ptr [[ROW]], i64 [[OFF]]
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 [[TA]])
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 1, i32 [[TX]])
; CHECK:       for.inc:
; CHECK-NOT:     call void @oc_
; CHECK:       oc.strip.latch:
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 %oc.pages{{[0-9]+}}, i32 0, i32 [[TA]])
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 %oc.pages{{[0-9]+}}, i32 1, i32 [[TX]])
; CHECK:       for.end:
; CHECK-NOT:     call void @oc_
; CHECK:         store double
; REMARK:      Name: Prefetched
; REMARK:        - Array: A
; REMARK:        - Pages: '4'
; REMARK:        - Distance: '8192'
; REMARK:      Name: Prefetched
; REMARK:        - Array: x
; REMARK-NOT:  Array: y
;
; // A matrix-vector product on a flattened matrix A[i*cols+j]: the row stride
; // is the run-time value cols * 8 bytes.
; void matvec(long rows, long cols, const double *restrict A, const double *restrict x,
;             double *restrict y) {
;   for (long i = 0; i < rows; i++) {
;     double s = 0.0;
;     for (long j = 0; j < cols; j++)
;       s += A[i * cols + j] * x[j];
;     y[i] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @matvec(i64 noundef %rows, i64 noundef %cols, ptr noalias noundef %A, ptr noalias noundef %x, ptr noalias noundef %y) #0 {
entry:
  %cmp4 = icmp slt i64 0, %rows
  br i1 %cmp4, label %for.cond1.preheader.lr.ph, label %for.end9

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %i.05 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc8, %for.end ]
  %cmp21 = icmp slt i64 0, %cols
  br i1 %cmp21, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %j.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %3, %for.inc ]
  %mul = mul nsw i64 %i.05, %cols
  %0 = getelementptr double, ptr %A, i64 %mul
  %arrayidx = getelementptr double, ptr %0, i64 %j.03
  %1 = load double, ptr %arrayidx, align 8
  %arrayidx4 = getelementptr inbounds double, ptr %x, i64 %j.03
  %2 = load double, ptr %arrayidx4, align 8
  %3 = call double @llvm.fmuladd.f64(double %1, double %2, double %s.02)
  %inc = add nuw nsw i64 %j.03, 1
  %cmp2 = icmp slt i64 %inc, %cols
  br i1 %cmp2, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %split = phi double [ %3, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  %s.0.lcssa = phi double [ %split, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.cond1.preheader ]
  %arrayidx6 = getelementptr inbounds double, ptr %y, i64 %i.05
  store double %s.0.lcssa, ptr %arrayidx6, align 8
  %inc8 = add nuw nsw i64 %i.05, 1
  %cmp = icmp slt i64 %inc8, %rows
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
