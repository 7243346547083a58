; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; VLA rows of m doubles: the stencil's rows are dense along j, the pipeline
; loop (constant 8-byte steps), strips of 2048 iterations (4 pages); the
; rows i - 1 and i + 1 at a run-time distance are separate streams. Where
; rows are shorter than a block (.oc.outward), the pipeline loop moves out to
; i and the rows of each reference are one stream, a block of rows per strip
; at run time (only while the row step is at most a block, %oc.rows).
; CHECK-LABEL: define dso_local void @stencil(
; CHECK:         br i1 %oc.fits,
; CHECK:         br i1 %oc.short.rows, label %[[OUT:[^,]*]], label %[[IN:[^,]*]]
; CHECK:       [[OUT]]:
; CHECK:         %oc.rows = icmp ule i64 %{{.*}}, 16383
; CHECK:         %oc.strip.its = call i64 @llvm.umax.i64(i64 %{{.*}}, i64 1)
; CHECK:         call void @oc_prefetch_block(ptr %{{[^,]+}}, i64 %oc.pf{{[0-9]*}}, i32 0, i32 %oc.tag1)
; CHECK:       oc.strip:
; CHECK:         %oc.pf.it = add i64 %oc.s, %oc.ahead.its
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 %oc.pages{{[0-9]*}}, i32 0, i32 %oc.tag1)
; CHECK:       [[IN]]:
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %oc.pages{{[0-9]*}}, i32 0, i32 %oc.tag5)
; CHECK:       oc.strip{{[0-9]+}}:
; CHECK:         %oc.pf.it{{[0-9]+}} = add i64 %oc.s{{[0-9]+}}, 4096
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 %oc.tag5)
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 %oc.tag6)
; CHECK:         call void @oc_release_block(ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 %oc.tag7)
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 %oc.tag7)
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 %oc.tag8)
; CHECK:       for.body4:
; CHECK-NOT:     call void @oc_
; CHECK:       oc.strip.latch{{[0-9]*}}:
; REMARK-COUNT-2: Name: Prefetched
; REMARK:      Name: Released
; REMARK:        - Array: a
; REMARK:        - Pages: '4'
; REMARK:        - PipelineDepth: '1'
; REMARK-COUNT-2: Name: Prefetched
;
; // A 5-point 2-D stencil over VLA rows (benchmarks/kernels/stencil2d.c):
; // dense rows, a run-time row length.
; void stencil(long n, long m, const double a[restrict n][m], double b[restrict n][m]) {
;   for (long i = 1; i < n - 1; i++)
;     for (long j = 1; j < m - 1; j++)
;       b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @stencil(i64 noundef %n, i64 noundef %m, ptr noalias noundef %a, ptr noalias noundef %b) #0 {
entry:
  %sub = add nsw i64 %n, -1
  %cmp4 = icmp slt i64 1, %sub
  br i1 %cmp4, label %for.cond1.preheader.lr.ph, label %for.end25

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc23
  %i.05 = phi i64 [ 1, %for.cond1.preheader.lr.ph ], [ %inc24, %for.inc23 ]
  %sub2 = add nsw i64 %m, -1
  %cmp31 = icmp slt i64 1, %sub2
  br i1 %cmp31, label %for.body4.lr.ph, label %for.inc23

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body4

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %j.02 = phi i64 [ 1, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %0 = mul nsw i64 %i.05, %m
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %0
  %arrayidx5 = getelementptr inbounds double, ptr %arrayidx, i64 %j.02
  %1 = load double, ptr %arrayidx5, align 8
  %sub6 = add nsw i64 %i.05, -1
  %2 = mul nsw i64 %sub6, %m
  %arrayidx7 = getelementptr inbounds double, ptr %a, i64 %2
  %arrayidx8 = getelementptr inbounds double, ptr %arrayidx7, i64 %j.02
  %3 = load double, ptr %arrayidx8, align 8
  %add = fadd double %1, %3
  %add9 = add nuw nsw i64 %i.05, 1
  %4 = mul nsw i64 %add9, %m
  %arrayidx10 = getelementptr inbounds double, ptr %a, i64 %4
  %arrayidx11 = getelementptr inbounds double, ptr %arrayidx10, i64 %j.02
  %5 = load double, ptr %arrayidx11, align 8
  %add12 = fadd double %add, %5
  %6 = mul nsw i64 %i.05, %m
  %arrayidx13 = getelementptr inbounds double, ptr %a, i64 %6
  %7 = getelementptr double, ptr %arrayidx13, i64 %j.02
  %arrayidx15 = getelementptr i8, ptr %7, i64 -8
  %8 = load double, ptr %arrayidx15, align 8
  %add16 = fadd double %add12, %8
  %9 = mul nsw i64 %i.05, %m
  %arrayidx17 = getelementptr inbounds double, ptr %a, i64 %9
  %10 = getelementptr inbounds double, ptr %arrayidx17, i64 %j.02
  %arrayidx19 = getelementptr inbounds i8, ptr %10, i64 8
  %11 = load double, ptr %arrayidx19, align 8
  %add20 = fadd double %add16, %11
  %mul = fmul double %add20, 2.000000e-01
  %12 = mul nsw i64 %i.05, %m
  %arrayidx21 = getelementptr inbounds double, ptr %b, i64 %12
  %arrayidx22 = getelementptr inbounds double, ptr %arrayidx21, i64 %j.02
  store double %mul, ptr %arrayidx22, align 8
  %inc = add nuw nsw i64 %j.02, 1
  %cmp3 = icmp slt i64 %inc, %sub2
  br i1 %cmp3, label %for.body4, label %for.cond1.for.inc23_crit_edge, !llvm.loop !6

for.cond1.for.inc23_crit_edge:                    ; preds = %for.body4
  br label %for.inc23

for.inc23:                                        ; preds = %for.cond1.for.inc23_crit_edge, %for.cond1.preheader
  %inc24 = add nuw nsw i64 %i.05, 1
  %cmp = icmp slt i64 %inc24, %sub
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end25_crit_edge, !llvm.loop !8

for.cond.for.end25_crit_edge:                     ; preds = %for.inc23
  br label %for.end25

for.end25:                                        ; preds = %for.cond.for.end25_crit_edge, %entry
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
