; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; Two parameters of the hinted function based on one restrict argument of the
; parent (lo and hi point into the same array) alias each other: neither is
; noalias in the new function (see hinted-outlined-keeps-restrict.ll).
; CHECK-LABEL: define dso_local void @halves(
; CHECK:         call void @halves.outcore.hinted.0(
; CHECK-LABEL: define internal void @halves.outcore.hinted.0(
; CHECK-NOT:     noalias
; CHECK-SAME:    ) #{{[0-9]+}} {
;
; Made with clang -O2 -Xclang -disable-llvm-passes, then
; opt -passes='function(outcore-prepare),cgscc(function-attrs)' (nocapture).
;
; void halves(long n, double *restrict a) {
;   double *lo = a, *hi = a + n;
;   for (long i = 0; i < n; i++)
;     lo[i] += hi[i];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @halves(i64 noundef %arg0, ptr noalias nocapture noundef %arg1) #0 {
  %1 = getelementptr inbounds double, ptr %arg1, i64 %arg0
  %2 = icmp slt i64 0, %arg0
  br i1 %2, label %.lr.ph, label %11

.lr.ph:                                           ; preds = %0
  br label %3

3:                                                ; preds = %.lr.ph, %3
  %.01 = phi i64 [ 0, %.lr.ph ], [ %9, %3 ]
  %4 = getelementptr inbounds double, ptr %1, i64 %.01
  %5 = load double, ptr %4, align 8, !tbaa !5
  %6 = getelementptr inbounds double, ptr %arg1, i64 %.01
  %7 = load double, ptr %6, align 8, !tbaa !5
  %8 = fadd double %7, %5
  store double %8, ptr %6, align 8, !tbaa !5
  %9 = add nuw nsw i64 %.01, 1
  %10 = icmp slt i64 %9, %arg0
  br i1 %10, label %3, label %._crit_edge, !llvm.loop !9

._crit_edge:                                      ; preds = %3
  br label %11

11:                                               ; preds = %._crit_edge, %0
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
