; // A transformed function that keeps one body (its fit tests need the tile
; // loops' values): the call of its hinted nest costs the inliner nothing and the
; // fit test's instructions are given back, so the function is inlined where the
; // plain build's is (twice into its caller here); charged for them, it stayed a
; // call, and its caller's constant sizes never reached it.
; #define MIN(a, b) ((a) < (b) ? (a) : (b))
; 
; static void mm_tiled(int n, const double *A, const double *B, double *C, int T) {
;   for (int ii = 0; ii < n; ii += T)
;     for (int kk = 0; kk < n; kk += T)
;       for (int jj = 0; jj < n; jj += T)
;         for (int i = ii; i < MIN(ii + T, n); i++)
;           for (int k = kk; k < MIN(kk + T, n); k++)
;             for (int j = jj; j < MIN(jj + T, n); j++)
;               C[i * n + j] += A[i * n + k] * B[k * n + j];
; }
; 
; void square_twice(int n, double *A, double *B, double *C) {
;   mm_tiled(n, A, B, C, 48);
;   mm_tiled(n, C, A, B, 40);
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @square_twice(
; CHECK-NOT:     call {{.*}}@mm_tiled(
; CHECK:         call fastcc void @mm_tiled.outcore.hinted.0(
; CHECK-NOT:     call {{.*}}@mm_tiled(
; CHECK:         call fastcc void @mm_tiled.outcore.hinted.0(
; CHECK:       define internal fastcc void @mm_tiled.outcore.hinted.0({{.*}} #[[ATTRS:[0-9]+]]
; CHECK:       attributes #[[ATTRS]] = { {{.*}}"call-inline-cost"="0" "call-threshold-bonus"="{{[1-9][0-9]*}}"
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @square_twice(i32 noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca i32, align 4
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  store i32 %0, ptr %5, align 4, !tbaa !5
  store ptr %1, ptr %6, align 8, !tbaa !9
  store ptr %2, ptr %7, align 8, !tbaa !9
  store ptr %3, ptr %8, align 8, !tbaa !9
  %9 = load i32, ptr %5, align 4, !tbaa !5
  %10 = load ptr, ptr %6, align 8, !tbaa !9
  %11 = load ptr, ptr %7, align 8, !tbaa !9
  %12 = load ptr, ptr %8, align 8, !tbaa !9
  call void @mm_tiled(i32 noundef %9, ptr noundef %10, ptr noundef %11, ptr noundef %12, i32 noundef 48)
  %13 = load i32, ptr %5, align 4, !tbaa !5
  %14 = load ptr, ptr %8, align 8, !tbaa !9
  %15 = load ptr, ptr %6, align 8, !tbaa !9
  %16 = load ptr, ptr %7, align 8, !tbaa !9
  call void @mm_tiled(i32 noundef %13, ptr noundef %14, ptr noundef %15, ptr noundef %16, i32 noundef 40)
  ret void
}

; Function Attrs: nounwind uwtable
define internal void @mm_tiled(i32 noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3, i32 noundef %4) #0 {
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca ptr, align 8
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  %17 = alloca i32, align 4
  store i32 %0, ptr %6, align 4, !tbaa !5
  store ptr %1, ptr %7, align 8, !tbaa !9
  store ptr %2, ptr %8, align 8, !tbaa !9
  store ptr %3, ptr %9, align 8, !tbaa !9
  store i32 %4, ptr %10, align 4, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 4, ptr %11) #3
  store i32 0, ptr %11, align 4, !tbaa !5
  br label %18

18:                                               ; preds = %143, %5
  %19 = load i32, ptr %11, align 4, !tbaa !5
  %20 = load i32, ptr %6, align 4, !tbaa !5
  %21 = icmp slt i32 %19, %20
  br i1 %21, label %23, label %22

22:                                               ; preds = %18
  store i32 2, ptr %12, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %11) #3
  br label %147

23:                                               ; preds = %18
  call void @llvm.lifetime.start.p0(i64 4, ptr %13) #3
  store i32 0, ptr %13, align 4, !tbaa !5
  br label %24

24:                                               ; preds = %138, %23
  %25 = load i32, ptr %13, align 4, !tbaa !5
  %26 = load i32, ptr %6, align 4, !tbaa !5
  %27 = icmp slt i32 %25, %26
  br i1 %27, label %29, label %28

28:                                               ; preds = %24
  store i32 5, ptr %12, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %13) #3
  br label %142

29:                                               ; preds = %24
  call void @llvm.lifetime.start.p0(i64 4, ptr %14) #3
  store i32 0, ptr %14, align 4, !tbaa !5
  br label %30

30:                                               ; preds = %133, %29
  %31 = load i32, ptr %14, align 4, !tbaa !5
  %32 = load i32, ptr %6, align 4, !tbaa !5
  %33 = icmp slt i32 %31, %32
  br i1 %33, label %35, label %34

34:                                               ; preds = %30
  store i32 8, ptr %12, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %14) #3
  br label %137

35:                                               ; preds = %30
  call void @llvm.lifetime.start.p0(i64 4, ptr %15) #3
  %36 = load i32, ptr %11, align 4, !tbaa !5
  store i32 %36, ptr %15, align 4, !tbaa !5
  br label %37

37:                                               ; preds = %129, %35
  %38 = load i32, ptr %15, align 4, !tbaa !5
  %39 = load i32, ptr %11, align 4, !tbaa !5
  %40 = load i32, ptr %10, align 4, !tbaa !5
  %41 = add nsw i32 %39, %40
  %42 = load i32, ptr %6, align 4, !tbaa !5
  %43 = icmp slt i32 %41, %42
  br i1 %43, label %44, label %48

44:                                               ; preds = %37
  %45 = load i32, ptr %11, align 4, !tbaa !5
  %46 = load i32, ptr %10, align 4, !tbaa !5
  %47 = add nsw i32 %45, %46
  br label %50

48:                                               ; preds = %37
  %49 = load i32, ptr %6, align 4, !tbaa !5
  br label %50

50:                                               ; preds = %48, %44
  %51 = phi i32 [ %47, %44 ], [ %49, %48 ]
  %52 = icmp slt i32 %38, %51
  br i1 %52, label %54, label %53

53:                                               ; preds = %50
  store i32 11, ptr %12, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %15) #3
  br label %132

54:                                               ; preds = %50
  call void @llvm.lifetime.start.p0(i64 4, ptr %16) #3
  %55 = load i32, ptr %13, align 4, !tbaa !5
  store i32 %55, ptr %16, align 4, !tbaa !5
  br label %56

56:                                               ; preds = %125, %54
  %57 = load i32, ptr %16, align 4, !tbaa !5
  %58 = load i32, ptr %13, align 4, !tbaa !5
  %59 = load i32, ptr %10, align 4, !tbaa !5
  %60 = add nsw i32 %58, %59
  %61 = load i32, ptr %6, align 4, !tbaa !5
  %62 = icmp slt i32 %60, %61
  br i1 %62, label %63, label %67

63:                                               ; preds = %56
  %64 = load i32, ptr %13, align 4, !tbaa !5
  %65 = load i32, ptr %10, align 4, !tbaa !5
  %66 = add nsw i32 %64, %65
  br label %69

67:                                               ; preds = %56
  %68 = load i32, ptr %6, align 4, !tbaa !5
  br label %69

69:                                               ; preds = %67, %63
  %70 = phi i32 [ %66, %63 ], [ %68, %67 ]
  %71 = icmp slt i32 %57, %70
  br i1 %71, label %73, label %72

72:                                               ; preds = %69
  store i32 14, ptr %12, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %16) #3
  br label %128

73:                                               ; preds = %69
  call void @llvm.lifetime.start.p0(i64 4, ptr %17) #3
  %74 = load i32, ptr %14, align 4, !tbaa !5
  store i32 %74, ptr %17, align 4, !tbaa !5
  br label %75

75:                                               ; preds = %121, %73
  %76 = load i32, ptr %17, align 4, !tbaa !5
  %77 = load i32, ptr %14, align 4, !tbaa !5
  %78 = load i32, ptr %10, align 4, !tbaa !5
  %79 = add nsw i32 %77, %78
  %80 = load i32, ptr %6, align 4, !tbaa !5
  %81 = icmp slt i32 %79, %80
  br i1 %81, label %82, label %86

82:                                               ; preds = %75
  %83 = load i32, ptr %14, align 4, !tbaa !5
  %84 = load i32, ptr %10, align 4, !tbaa !5
  %85 = add nsw i32 %83, %84
  br label %88

86:                                               ; preds = %75
  %87 = load i32, ptr %6, align 4, !tbaa !5
  br label %88

88:                                               ; preds = %86, %82
  %89 = phi i32 [ %85, %82 ], [ %87, %86 ]
  %90 = icmp slt i32 %76, %89
  br i1 %90, label %92, label %91

91:                                               ; preds = %88
  store i32 17, ptr %12, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %17) #3
  br label %124

92:                                               ; preds = %88
  %93 = load ptr, ptr %7, align 8, !tbaa !9
  %94 = load i32, ptr %15, align 4, !tbaa !5
  %95 = load i32, ptr %6, align 4, !tbaa !5
  %96 = mul nsw i32 %94, %95
  %97 = load i32, ptr %16, align 4, !tbaa !5
  %98 = add nsw i32 %96, %97
  %99 = sext i32 %98 to i64
  %100 = getelementptr inbounds double, ptr %93, i64 %99
  %101 = load double, ptr %100, align 8, !tbaa !11
  %102 = load ptr, ptr %8, align 8, !tbaa !9
  %103 = load i32, ptr %16, align 4, !tbaa !5
  %104 = load i32, ptr %6, align 4, !tbaa !5
  %105 = mul nsw i32 %103, %104
  %106 = load i32, ptr %17, align 4, !tbaa !5
  %107 = add nsw i32 %105, %106
  %108 = sext i32 %107 to i64
  %109 = getelementptr inbounds double, ptr %102, i64 %108
  %110 = load double, ptr %109, align 8, !tbaa !11
  %111 = load ptr, ptr %9, align 8, !tbaa !9
  %112 = load i32, ptr %15, align 4, !tbaa !5
  %113 = load i32, ptr %6, align 4, !tbaa !5
  %114 = mul nsw i32 %112, %113
  %115 = load i32, ptr %17, align 4, !tbaa !5
  %116 = add nsw i32 %114, %115
  %117 = sext i32 %116 to i64
  %118 = getelementptr inbounds double, ptr %111, i64 %117
  %119 = load double, ptr %118, align 8, !tbaa !11
  %120 = call double @llvm.fmuladd.f64(double %101, double %110, double %119)
  store double %120, ptr %118, align 8, !tbaa !11
  br label %121

121:                                              ; preds = %92
  %122 = load i32, ptr %17, align 4, !tbaa !5
  %123 = add nsw i32 %122, 1
  store i32 %123, ptr %17, align 4, !tbaa !5
  br label %75, !llvm.loop !13

124:                                              ; preds = %91
  br label %125

125:                                              ; preds = %124
  %126 = load i32, ptr %16, align 4, !tbaa !5
  %127 = add nsw i32 %126, 1
  store i32 %127, ptr %16, align 4, !tbaa !5
  br label %56, !llvm.loop !15

128:                                              ; preds = %72
  br label %129

129:                                              ; preds = %128
  %130 = load i32, ptr %15, align 4, !tbaa !5
  %131 = add nsw i32 %130, 1
  store i32 %131, ptr %15, align 4, !tbaa !5
  br label %37, !llvm.loop !16

132:                                              ; preds = %53
  br label %133

133:                                              ; preds = %132
  %134 = load i32, ptr %10, align 4, !tbaa !5
  %135 = load i32, ptr %14, align 4, !tbaa !5
  %136 = add nsw i32 %135, %134
  store i32 %136, ptr %14, align 4, !tbaa !5
  br label %30, !llvm.loop !17

137:                                              ; preds = %34
  br label %138

138:                                              ; preds = %137
  %139 = load i32, ptr %10, align 4, !tbaa !5
  %140 = load i32, ptr %13, align 4, !tbaa !5
  %141 = add nsw i32 %140, %139
  store i32 %141, ptr %13, align 4, !tbaa !5
  br label %24, !llvm.loop !18

142:                                              ; preds = %28
  br label %143

143:                                              ; preds = %142
  %144 = load i32, ptr %10, align 4, !tbaa !5
  %145 = load i32, ptr %11, align 4, !tbaa !5
  %146 = add nsw i32 %145, %144
  store i32 %146, ptr %11, align 4, !tbaa !5
  br label %18, !llvm.loop !19

147:                                              ; preds = %22
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = distinct !{!16, !14}
!17 = distinct !{!17, !14}
!18 = distinct !{!18, !14}
!19 = distinct !{!19, !14}
