; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000;unknown-trip=large>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000;unknown-trip=large>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; The stride of a[i][j] along i is the run-time row length 8 * cols: the
; pipeline loop is i (the loop of the deepest reference; colsum[j] outside it
; gets no hints), a page per iteration 10 iterations ahead, the previous
; iteration's page released only when |8 * cols| is at least a page.
; CHECK-LABEL: define dso_local void @column_sums(
; CHECK:         br i1 %oc.fits,
; CHECK:         call void @column_sums.outcore.hinted.0(
; CHECK-LABEL: define internal void @column_sums.outcore.hinted.0(
; CHECK:         [[STEP:%.*]] = shl i64 %cols, 3
; CHECK:       for.inc.lr.ph:
; CHECK:         [[ABS:%.*]] = call i64 @llvm.abs.i64(i64 [[STEP]], i1 false)
; CHECK-NEXT:    %oc.page.stride = icmp uge i64 [[ABS]], 4096
; The prolog: a page for each of the first 10 iterations.
; CHECK:         %oc.prolog.end = call i64 @llvm.umin.i64(i64 10, i64 %oc.tc)
; CHECK:       oc.prolog:
; CHECK-NEXT:    %oc.k = phi i64 [ 0, %for.inc.lr.ph ], [ %oc.k.next, %oc.prolog ]
; CHECK-NEXT:    %oc.k.next = add i64 %oc.k, 1
; CHECK-NEXT:    [[PMORE:%.*]] = icmp ult i64 %oc.k.next, %oc.prolog.end
; CHECK-NEXT:    [[POFF:%.*]] = mul i64 %oc.k, [[STEP]]
; CHECK-NEXT:    [[PADDR:%.*]] = getelementptr i8, ptr %{{.*}}, i64 [[POFF]]
; CHECK-NEXT:    call void @oc_prefetch_block(ptr [[PADDR]], i64 1, i32 0, i32 [[TAG:%oc.tag[0-9]+]])
; CHECK-NEXT:    br i1 [[PMORE]], label %oc.prolog, label %oc.prolog.exit
; CHECK:       oc.strip:
; CHECK:         %oc.e = call i64 @llvm.umin.i64(i64 %{{.*}}, i64 %oc.tc)
; CHECK:         %oc.pf.it = add i64 %oc.s, 10
; CHECK:         [[NOTFIRST:%.*]] = icmp ne i64 %oc.s, 0
; CHECK:         mul i64 %oc.pf.it, [[STEP]]
; CHECK:         mul i64 %oc.rel.it, [[STEP]]
; CHECK:         [[RELOK:%.*]] = and i1 [[NOTFIRST]], %oc.page.stride
; CHECK:         br i1 [[RELOK]], label %[[BOTH:.*]], label %{{.*}}
; CHECK:       [[BOTH]]:
; CHECK-NEXT:    call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 1, i32 0, i32 [[TAG]])
; CHECK:       for.inc:
; CHECK-NOT:     call void @oc_
; CHECK:       for.cond1.for.end_crit_edge:
; CHECK:         [[LAST:%.*]] = select i1 %oc.page.stride, i64 1, i64 0
; CHECK-NEXT:    call void @oc_release_block(ptr %{{.*}}, i64 [[LAST]], i32 0, i32 [[TAG]])
; CHECK:       for.end:
; CHECK-NOT:     call void @oc_
; CHECK:         store double
; REMARK:      Name: Prefetched
; REMARK:        - Array: a
; REMARK:        - Pages: '1'
; REMARK:        - Distance: '10'
; REMARK:        - PipelineDepth: '1'
; REMARK-NOT:  Name: Prefetched
; REMARK-NOT:  Name: Released
;
; // The column walk of benchmarks/kernels/column.c: a[i][j] with a VLA row of
; // cols doubles, a run-time stride along i.
; void column_sums(long rows, long cols, const double a[restrict rows][cols],
;                  double *restrict colsum) {
;   for (long j = 0; j < cols; j++) {
;     double s = 0.0;
;     for (long i = 0; i < rows; i++)
;       s += a[i][j];
;     colsum[j] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @column_sums(i64 noundef %rows, i64 noundef %cols, ptr noalias noundef %a, ptr noalias noundef %colsum) #0 {
entry:
  %cmp4 = icmp slt i64 0, %cols
  br i1 %cmp4, label %for.cond1.preheader.lr.ph, label %for.end8

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end
  %j.05 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc7, %for.end ]
  %cmp21 = icmp slt i64 0, %rows
  br i1 %cmp21, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %for.cond1.preheader
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %i.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add, %for.inc ]
  %0 = mul nsw i64 %i.03, %cols
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %0
  %arrayidx4 = getelementptr inbounds double, ptr %arrayidx, i64 %j.05
  %1 = load double, ptr %arrayidx4, align 8
  %add = fadd double %s.02, %1
  %inc = add nuw nsw i64 %i.03, 1
  %cmp2 = icmp slt i64 %inc, %rows
  br i1 %cmp2, label %for.inc, label %for.cond1.for.end_crit_edge, !llvm.loop !6

for.cond1.for.end_crit_edge:                      ; preds = %for.inc
  %split = phi double [ %add, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond1.for.end_crit_edge, %for.cond1.preheader
  %s.0.lcssa = phi double [ %split, %for.cond1.for.end_crit_edge ], [ 0.000000e+00, %for.cond1.preheader ]
  %arrayidx5 = getelementptr inbounds double, ptr %colsum, i64 %j.05
  store double %s.0.lcssa, ptr %arrayidx5, align 8
  %inc7 = add nuw nsw i64 %j.05, 1
  %cmp = icmp slt i64 %inc7, %cols
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
