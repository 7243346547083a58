; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; The nest is the inner loop; its footprint depends on the tile b (its
; bounds b * bs and min((b + 1) * bs, n)), so it is tested once, before the
; loop of tiles, against its largest value over the tiles (each bound at an
; end of b's range: about the whole of in and out). The loop of tiles is
; small, so it is copied with the nest: in core, the original loops run with
; no test per tile.
; CHECK-LABEL: define dso_local void @scan_tiles(
; CHECK:         [[NB:%.*]] = sdiv i64
; CHECK:         br i1 %{{.*}}, label %[[TILES:.*]], label
; CHECK:       [[TILES]]:
; CHECK-NOT:     phi
; CHECK:         %smin = call i64 @llvm.smin.i64(i64 %arg2,
; CHECK-NOT:     phi
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK-NEXT:    %oc.fits = icmp ule i64 %{{.*}}, %oc.limit
; CHECK-NEXT:    br i1 %oc.fits, label %.oc.ph.oc.orig, label %[[HINTED:[^,]*]], !prof
; CHECK:       .oc.ph.oc.orig:
; CHECK-NOT:     @oc_
; CHECK:       [[HINTED]]:
; CHECK-NEXT:    call void @scan_tiles.outcore.hinted.0(
; CHECK-NOT:     @oc_memory_limit_now
; CHECK-LABEL: define internal void @scan_tiles.outcore.hinted.0(
; CHECK-NOT:     @oc_memory_limit_now
; CHECK:         call void @oc_prefetch_block(
;
; void scan_tiles(const long *in, long *out, long n, long bs, const long *sums) {
;   long nb = (n + bs - 1) / bs;
;   for (long b = 0; b < nb; b++) {
;     long s = sums[b];
;     long e = (b + 1) * bs < n ? (b + 1) * bs : n;
;     for (long i = b * bs; i < e; i++) {
;       s += in[i];
;       out[i] = s;
;     }
;   }
; }
;
; Made with clang -O2 -Xclang -disable-llvm-passes, then
; opt -passes='function(outcore-prepare)'.
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @scan_tiles(ptr noundef %arg0, ptr noundef %arg1, i64 noundef %arg2, i64 noundef %arg3, ptr noundef %arg4) #0 {
  %1 = add nsw i64 %arg2, %arg3
  %2 = add nsw i64 %1, -1
  %3 = sdiv i64 %2, %arg3
  %4 = icmp slt i64 0, %3
  br i1 %4, label %.lr.ph6, label %21

.lr.ph6:                                          ; preds = %0
  br label %6

..loopexit_crit_edge:                             ; preds = %14
  br label %.loopexit

.loopexit:                                        ; preds = %..loopexit_crit_edge, %6
  %5 = icmp slt i64 %9, %3
  br i1 %5, label %6, label %._crit_edge, !llvm.loop !5

6:                                                ; preds = %.lr.ph6, %.loopexit
  %.025 = phi i64 [ 0, %.lr.ph6 ], [ %9, %.loopexit ]
  %7 = getelementptr inbounds i64, ptr %arg4, i64 %.025
  %8 = load i64, ptr %7, align 8, !tbaa !7
  %9 = add nuw nsw i64 %.025, 1
  %10 = mul nsw i64 %9, %arg3
  %11 = icmp slt i64 %10, %arg2
  %.arg2 = select i1 %11, i64 %10, i64 %arg2
  %12 = mul nsw i64 %.025, %arg3
  %13 = icmp slt i64 %12, %.arg2
  br i1 %13, label %.lr.ph, label %.loopexit

.lr.ph:                                           ; preds = %6
  br label %14

14:                                               ; preds = %.lr.ph, %14
  %.04 = phi i64 [ %12, %.lr.ph ], [ %19, %14 ]
  %.013 = phi i64 [ %8, %.lr.ph ], [ %17, %14 ]
  %15 = getelementptr inbounds i64, ptr %arg0, i64 %.04
  %16 = load i64, ptr %15, align 8, !tbaa !7
  %17 = add nsw i64 %.013, %16
  %18 = getelementptr inbounds i64, ptr %arg1, i64 %.04
  store i64 %17, ptr %18, align 8, !tbaa !7
  %19 = add nsw i64 %.04, 1
  %20 = icmp slt i64 %19, %.arg2
  br i1 %20, label %14, label %..loopexit_crit_edge, !llvm.loop !11

._crit_edge:                                      ; preds = %.loopexit
  br label %21

21:                                               ; preds = %._crit_edge, %0
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
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"long", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = distinct !{!11, !6}
