; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; Rows of a run-time length m: where a row is shorter than a block
; (8m < 16384, the .oc.outward copy), the pipeline loop moves out to i, whose
; step 8m is known only at run time. Each array's rows are then one stream:
; max(1, 16384 / 8m) rows per strip (%oc.strip.its), the prefetch that many
; strips ahead and the release one strip behind, their pages from the run-time
; step, and only while that step is at most a block (%oc.rows): a longer step
; leaves gaps a stream would fill.
; CHECK-LABEL: define dso_local void @scale(
; CHECK:         br i1 %oc.short.rows, label %[[OUT:[^,]*]], label %[[IN:[^,]*]]
; CHECK:       [[OUT]]:
; CHECK:         %oc.rows = icmp ule i64 [[STEP:%.*]], 16383
; CHECK:         [[MAX:%.*]] = call i64 @llvm.umax.i64(i64 %smax, i64 1)
; CHECK:         [[PER:%.*]] = udiv i64 16384, [[MAX]]
; CHECK:         %oc.strip.its = call i64 @llvm.umax.i64(i64 [[PER]], i64 1)
; CHECK:         %oc.ahead.its = mul i64 %oc.strip.its, 150
; CHECK:         call void @oc_prefetch_block(ptr %{{[^,]+}}, i64 %oc.pf{{[0-9]*}}, i32 0, i32 %oc.tag1)
; CHECK:         call void @oc_prefetch_block(ptr %{{[^,]+}}, i64 %oc.pf{{[0-9]+}}, i32 0, i32 %oc.tag2)
; CHECK:       oc.strip:
; CHECK:         %oc.e = call i64 @llvm.umin.i64(i64 %{{.*}}, i64 %oc.tc)
; CHECK:         %oc.pf.it = add i64 %oc.s, %oc.ahead.its
; CHECK:         %oc.rel.it = sub i64 %oc.s, %oc.strip.its
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 %oc.pages, i32 0, i32 %oc.tag1)
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 %oc.pages{{[0-9]+}}, i32 0, i32 %oc.tag2)
; CHECK:       [[IN]]:
; REMARK:      Name: Prefetched
; REMARK:        - Array: a
; REMARK:        - PipelineDepth: '0'
; REMARK:      Name: Prefetched
; REMARK:        - Array: b
; REMARK:        - PipelineDepth: '0'
; REMARK-NOT:  NotTransformed
;
; void scale(long n, long m, const double a[restrict n][m], double b[restrict n][m]) {
;   for (long i = 0; i < n; i++)
;     for (long j = 0; j < m; j++)
;       b[i][j] = 2.0 * a[i][j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @scale(i64 noundef %n, i64 noundef %m, ptr noalias noundef %a, ptr noalias noundef %b) #0 {
entry:
  %cmp13 = icmp slt i64 0, %n
  br i1 %cmp13, label %for.cond1.preheader.lr.ph, label %for.end10

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc8
  %i.014 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc9, %for.inc8 ]
  %cmp211 = icmp slt i64 0, %m
  br i1 %cmp211, label %for.body4.lr.ph, label %for.inc8

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body4

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %j.012 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %0 = mul nsw i64 %i.014, %m
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %0
  %arrayidx5 = getelementptr inbounds double, ptr %arrayidx, i64 %j.012
  %1 = load double, ptr %arrayidx5, align 8, !tbaa !5
  %mul = fmul double %1, 2.000000e+00
  %arrayidx6 = getelementptr inbounds double, ptr %b, i64 %0
  %arrayidx7 = getelementptr inbounds double, ptr %arrayidx6, i64 %j.012
  store double %mul, ptr %arrayidx7, align 8, !tbaa !5
  %inc = add nuw nsw i64 %j.012, 1
  %cmp2 = icmp slt i64 %inc, %m
  br i1 %cmp2, label %for.body4, label %for.cond1.for.inc8_crit_edge, !llvm.loop !9

for.cond1.for.inc8_crit_edge:                     ; preds = %for.body4
  br label %for.inc8

for.inc8:                                         ; preds = %for.cond1.for.inc8_crit_edge, %for.cond1.preheader
  %inc9 = add nuw nsw i64 %i.014, 1
  %cmp = icmp slt i64 %inc9, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end10_crit_edge, !llvm.loop !11

for.cond.for.end10_crit_edge:                     ; preds = %for.inc8
  br label %for.end10

for.end10:                                        ; preds = %for.cond.for.end10_crit_edge, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
