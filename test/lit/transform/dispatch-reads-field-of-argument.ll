; // A function whose footprint reads a field of the object it is passed, which
; // it does not set: the field is read again at the entry, which chooses the
; // plain body when the data fit. The call of the transformed body costs nothing
; // to the inliner and the entry test's instructions are given back, so F is
; // inlined where the plain build's would be.
; struct vec { long n; double *data; };
; 
; void scale_vec(struct vec *v) {
;   for (long i = 0; i < v->n; i++)
;     v->data[i] *= 2.0;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @scale_vec(
; CHECK:       oc.dispatch:
; CHECK-NEXT:    %[[N:.*]] = load i64, ptr %arg0
; CHECK:         load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK:       oc.hinted:
; CHECK-NEXT:    tail call fastcc void @scale_vec.outcore.transformed(ptr
; CHECK:       define internal fastcc void @scale_vec.outcore.transformed({{.*}} #[[ATTRS:[0-9]+]]
; CHECK:       attributes #[[ATTRS]] = { {{.*}}"call-inline-cost"="0" "call-threshold-bonus"="{{[1-9][0-9]*}}"
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.vec = type { i64, ptr }

; Function Attrs: nounwind uwtable
define dso_local void @scale_vec(ptr noundef %0) #0 {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %3) #2
  store i64 0, ptr %3, align 8, !tbaa !9
  br label %4

4:                                                ; preds = %19, %1
  %5 = load i64, ptr %3, align 8, !tbaa !9
  %6 = load ptr, ptr %2, align 8, !tbaa !5
  %7 = getelementptr inbounds %struct.vec, ptr %6, i32 0, i32 0
  %8 = load i64, ptr %7, align 8, !tbaa !11
  %9 = icmp slt i64 %5, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %4
  call void @llvm.lifetime.end.p0(i64 8, ptr %3) #2
  br label %22

11:                                               ; preds = %4
  %12 = load ptr, ptr %2, align 8, !tbaa !5
  %13 = getelementptr inbounds %struct.vec, ptr %12, i32 0, i32 1
  %14 = load ptr, ptr %13, align 8, !tbaa !13
  %15 = load i64, ptr %3, align 8, !tbaa !9
  %16 = getelementptr inbounds double, ptr %14, i64 %15
  %17 = load double, ptr %16, align 8, !tbaa !14
  %18 = fmul double %17, 2.000000e+00
  store double %18, ptr %16, align 8, !tbaa !14
  br label %19

19:                                               ; preds = %11
  %20 = load i64, ptr %3, align 8, !tbaa !9
  %21 = add nsw i64 %20, 1
  store i64 %21, ptr %3, align 8, !tbaa !9
  br label %4, !llvm.loop !16

22:                                               ; preds = %10
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !10, i64 0}
!12 = !{!"vec", !10, i64 0, !6, i64 8}
!13 = !{!12, !6, i64 8}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !7, i64 0}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
