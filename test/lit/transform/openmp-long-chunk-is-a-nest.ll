; RUN: opt -load-pass-plugin=%outcore -passes='outcore-prepare,outcore,verify' -S %s | FileCheck %s
;
; Made with clang -O1 -Xclang -disable-llvm-passes -fopenmp (TBAA, no
; optimisation). A chunk of a `long` counter: the latch tests `++iv > ub` in
; 64 bits, where ScalarEvolution gives up (ub + 1 may overflow) and does not
; carry the increment's nsw over; the `add nsw` in the latch rules the
; overflow out, so the chunk's count is `max(ub - lb, 0)` (computed in 128 bits,
; where it cannot wrap), its footprint is bounded by it, and the chunk gets a
; fit test and hints.
; CHECK-LABEL: define internal void @mv.omp_outlined(
; CHECK:       call void @__kmpc_for_static_init_8(
; CHECK:       store i64 [[UB:%.*]], ptr %2
; CHECK:       .preheader.lr.ph:
; CHECK:         sext i64 [[UB]] to i128
; CHECK:         [[COUNT:%.*]] = call i128 @llvm.smax.i128(i128 %{{.*}}, i128 0)
; CHECK:         trunc i128 [[COUNT]] to i64
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
; CHECK:         call void @mv.omp_outlined.outcore.hinted.0(
; CHECK:       call void @__kmpc_for_static_fini(
; CHECK-LABEL: define internal void @mv.omp_outlined.outcore.hinted.0(
; CHECK:         call void @oc_prefetch_block(
;
; void mv(long n, double A[n][n], const double *x, double *y) {
; #pragma omp parallel for
;   for (long i = 0; i < n; i++) {
;     double s = 0;
;     for (long j = 0; j < n; j++)
;       s += A[i][j] * x[j];
;     y[i] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8

; Function Attrs: nounwind uwtable
define dso_local void @mv(i64 noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca i64, align 8
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  store i64 %0, ptr %5, align 8, !tbaa !6
  store ptr %1, ptr %6, align 8, !tbaa !10
  store ptr %2, ptr %7, align 8, !tbaa !10
  store ptr %3, ptr %8, align 8, !tbaa !10
  %9 = load i64, ptr %5, align 8, !tbaa !6
  %10 = load i64, ptr %5, align 8, !tbaa !6
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @2, i32 6, ptr @mv.omp_outlined, ptr %5, i64 %9, i64 %10, ptr %6, ptr %7, ptr %8)
  ret void
}

; Function Attrs: alwaysinline norecurse nounwind uwtable
define internal void @mv.omp_outlined(ptr noalias noundef %0, ptr noalias noundef %1, ptr noundef nonnull align 8 dereferenceable(8) %2, i64 noundef %3, i64 noundef %4, ptr noundef nonnull align 8 dereferenceable(8) %5, ptr noundef nonnull align 8 dereferenceable(8) %6, ptr noundef nonnull align 8 dereferenceable(8) %7) #1 {
  %9 = alloca ptr, align 8
  %10 = alloca ptr, align 8
  %11 = alloca ptr, align 8
  %12 = alloca i64, align 8
  %13 = alloca i64, align 8
  %14 = alloca ptr, align 8
  %15 = alloca ptr, align 8
  %16 = alloca ptr, align 8
  %17 = alloca i64, align 8
  %18 = alloca i64, align 8
  %19 = alloca i64, align 8
  %20 = alloca i64, align 8
  %21 = alloca i64, align 8
  %22 = alloca i64, align 8
  %23 = alloca i64, align 8
  %24 = alloca i64, align 8
  %25 = alloca i32, align 4
  %26 = alloca i64, align 8
  %27 = alloca double, align 8
  %28 = alloca i64, align 8
  store ptr %0, ptr %9, align 8, !tbaa !10
  store ptr %1, ptr %10, align 8, !tbaa !10
  store ptr %2, ptr %11, align 8, !tbaa !10
  store i64 %3, ptr %12, align 8, !tbaa !6
  store i64 %4, ptr %13, align 8, !tbaa !6
  store ptr %5, ptr %14, align 8, !tbaa !10
  store ptr %6, ptr %15, align 8, !tbaa !10
  store ptr %7, ptr %16, align 8, !tbaa !10
  %29 = load ptr, ptr %11, align 8, !tbaa !10
  %30 = load i64, ptr %12, align 8, !tbaa !6
  %31 = load i64, ptr %13, align 8, !tbaa !6
  %32 = load ptr, ptr %14, align 8, !tbaa !10
  %33 = load ptr, ptr %15, align 8, !tbaa !10
  %34 = load ptr, ptr %16, align 8, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 8, ptr %17) #3
  call void @llvm.lifetime.start.p0(i64 8, ptr %19) #3
  %35 = load i64, ptr %29, align 8, !tbaa !6
  store i64 %35, ptr %19, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 8, ptr %20) #3
  %36 = load i64, ptr %19, align 8, !tbaa !6
  %37 = sub nsw i64 %36, 0
  %38 = sdiv i64 %37, 1
  %39 = sub nsw i64 %38, 1
  store i64 %39, ptr %20, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 8, ptr %21) #3
  store i64 0, ptr %21, align 8, !tbaa !6
  call void @llvm.lifetime.end.p0(i64 8, ptr %21) #3
  %40 = load i64, ptr %19, align 8, !tbaa !6
  %41 = icmp slt i64 0, %40
  br i1 %41, label %42, label %100

42:                                               ; preds = %8
  call void @llvm.lifetime.start.p0(i64 8, ptr %22) #3
  store i64 0, ptr %22, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 8, ptr %23) #3
  %43 = load i64, ptr %20, align 8, !tbaa !6
  store i64 %43, ptr %23, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 8, ptr %24) #3
  store i64 1, ptr %24, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %25) #3
  store i32 0, ptr %25, align 4, !tbaa !12
  call void @llvm.lifetime.start.p0(i64 8, ptr %26) #3
  %44 = load ptr, ptr %9, align 8
  %45 = load i32, ptr %44, align 4, !tbaa !12
  call void @__kmpc_for_static_init_8(ptr @1, i32 %45, i32 34, ptr %25, ptr %22, ptr %23, ptr %24, i64 1, i64 1)
  %46 = load i64, ptr %23, align 8, !tbaa !6
  %47 = load i64, ptr %20, align 8, !tbaa !6
  %48 = icmp sgt i64 %46, %47
  br i1 %48, label %49, label %51

49:                                               ; preds = %42
  %50 = load i64, ptr %20, align 8, !tbaa !6
  br label %53

51:                                               ; preds = %42
  %52 = load i64, ptr %23, align 8, !tbaa !6
  br label %53

53:                                               ; preds = %51, %49
  %54 = phi i64 [ %50, %49 ], [ %52, %51 ]
  store i64 %54, ptr %23, align 8, !tbaa !6
  %55 = load i64, ptr %22, align 8, !tbaa !6
  store i64 %55, ptr %17, align 8, !tbaa !6
  br label %56

56:                                               ; preds = %93, %53
  %57 = load i64, ptr %17, align 8, !tbaa !6
  %58 = load i64, ptr %23, align 8, !tbaa !6
  %59 = icmp sle i64 %57, %58
  br i1 %59, label %61, label %60

60:                                               ; preds = %56
  br label %96

61:                                               ; preds = %56
  %62 = load i64, ptr %17, align 8, !tbaa !6
  %63 = mul nsw i64 %62, 1
  %64 = add nsw i64 0, %63
  store i64 %64, ptr %26, align 8, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 8, ptr %27) #3
  store double 0.000000e+00, ptr %27, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 8, ptr %28) #3
  store i64 0, ptr %28, align 8, !tbaa !6
  br label %65

65:                                               ; preds = %84, %61
  %66 = load i64, ptr %28, align 8, !tbaa !6
  %67 = load i64, ptr %29, align 8, !tbaa !6
  %68 = icmp slt i64 %66, %67
  br i1 %68, label %70, label %69

69:                                               ; preds = %65
  call void @llvm.lifetime.end.p0(i64 8, ptr %28) #3
  br label %87

70:                                               ; preds = %65
  %71 = load ptr, ptr %32, align 8, !tbaa !10
  %72 = load i64, ptr %26, align 8, !tbaa !6
  %73 = mul nsw i64 %72, %31
  %74 = getelementptr inbounds double, ptr %71, i64 %73
  %75 = load i64, ptr %28, align 8, !tbaa !6
  %76 = getelementptr inbounds double, ptr %74, i64 %75
  %77 = load double, ptr %76, align 8, !tbaa !14
  %78 = load ptr, ptr %33, align 8, !tbaa !10
  %79 = load i64, ptr %28, align 8, !tbaa !6
  %80 = getelementptr inbounds double, ptr %78, i64 %79
  %81 = load double, ptr %80, align 8, !tbaa !14
  %82 = load double, ptr %27, align 8, !tbaa !14
  %83 = call double @llvm.fmuladd.f64(double %77, double %81, double %82)
  store double %83, ptr %27, align 8, !tbaa !14
  br label %84

84:                                               ; preds = %70
  %85 = load i64, ptr %28, align 8, !tbaa !6
  %86 = add nsw i64 %85, 1
  store i64 %86, ptr %28, align 8, !tbaa !6
  br label %65, !llvm.loop !16

87:                                               ; preds = %69
  %88 = load double, ptr %27, align 8, !tbaa !14
  %89 = load ptr, ptr %34, align 8, !tbaa !10
  %90 = load i64, ptr %26, align 8, !tbaa !6
  %91 = getelementptr inbounds double, ptr %89, i64 %90
  store double %88, ptr %91, align 8, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 8, ptr %27) #3
  br label %92

92:                                               ; preds = %87
  br label %93

93:                                               ; preds = %92
  %94 = load i64, ptr %17, align 8, !tbaa !6
  %95 = add nsw i64 %94, 1
  store i64 %95, ptr %17, align 8, !tbaa !6
  br label %56

96:                                               ; preds = %60
  br label %97

97:                                               ; preds = %96
  %98 = load ptr, ptr %9, align 8
  %99 = load i32, ptr %98, align 4, !tbaa !12
  call void @__kmpc_for_static_fini(ptr @1, i32 %99)
  call void @llvm.lifetime.end.p0(i64 8, ptr %26) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %25) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %24) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %23) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %22) #3
  br label %100

100:                                              ; preds = %97, %8
  call void @llvm.lifetime.end.p0(i64 8, ptr %20) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %19) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %17) #3
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_8(ptr, i32, i32, ptr, ptr, ptr, ptr, i64, i64) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #4

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) #3

; Function Attrs: nounwind
declare !callback !19 void @__kmpc_fork_call(ptr, i32, ptr, ...) #3

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { alwaysinline norecurse nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"openmp", i32 51}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!6 = !{!7, !7, i64 0}
!7 = !{!"long", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"any pointer", !8, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !8, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !8, i64 0}
!16 = distinct !{!16, !17, !18}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!"llvm.loop.unroll.disable"}
!19 = !{!20}
!20 = !{i64 2, i64 -1, i64 -1, i1 true}
