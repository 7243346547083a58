; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,print<outcore-locality>)' -disable-output %s 2>&1 | FileCheck %s
;
; A time loop around two sweeps stays one nest after outcore-prepare: early-cse
; makes the sweeps share n - 1, and loop rotation then leaves phis of that one
; value after the first sweep, which Polly takes for a value the loop computes
; (the time loop fell apart into two 2-deep nests); instsimplify folds them.
; CHECK:     Outcore locality for function 'jacobi2d'
; CHECK:     Nest 0 (Polly SCoP), 5 loops, 12 references
; CHECK-NOT: Nest 1
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
; void jacobi2d(long steps, long n, double (*A)[n], double (*B)[n]) {
;   for (long t = 0; t < steps; t++) {
;     for (long i = 1; i < n - 1; i++)
;       for (long j = 1; j < n - 1; j++)
;         B[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j]) * 0.2;
;     for (long i = 1; i < n - 1; i++)
;       for (long j = 1; j < n - 1; j++)
;         A[i][j] = (B[i - 1][j] + B[i][j - 1] + B[i][j] + B[i][j + 1] + B[i + 1][j]) * 0.2;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @jacobi2d(i64 noundef %0, i64 noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca i64, align 8
  %10 = alloca i32, align 4
  %11 = alloca i64, align 8
  %12 = alloca i64, align 8
  %13 = alloca i64, align 8
  %14 = alloca i64, align 8
  store i64 %0, ptr %5, align 8, !tbaa !5
  store i64 %1, ptr %6, align 8, !tbaa !5
  store ptr %2, ptr %7, align 8, !tbaa !9
  store ptr %3, ptr %8, align 8, !tbaa !9
  %15 = load i64, ptr %6, align 8, !tbaa !5
  %16 = load i64, ptr %6, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %9) #2
  store i64 0, ptr %9, align 8, !tbaa !5
  br label %17

17:                                               ; preds = %167, %4
  %18 = load i64, ptr %9, align 8, !tbaa !5
  %19 = load i64, ptr %5, align 8, !tbaa !5
  %20 = icmp slt i64 %18, %19
  br i1 %20, label %22, label %21

21:                                               ; preds = %17
  store i32 2, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %9) #2
  br label %170

22:                                               ; preds = %17
  call void @llvm.lifetime.start.p0(i64 8, ptr %11) #2
  store i64 1, ptr %11, align 8, !tbaa !5
  br label %23

23:                                               ; preds = %91, %22
  %24 = load i64, ptr %11, align 8, !tbaa !5
  %25 = load i64, ptr %6, align 8, !tbaa !5
  %26 = sub nsw i64 %25, 1
  %27 = icmp slt i64 %24, %26
  br i1 %27, label %29, label %28

28:                                               ; preds = %23
  store i32 5, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %11) #2
  br label %94

29:                                               ; preds = %23
  call void @llvm.lifetime.start.p0(i64 8, ptr %12) #2
  store i64 1, ptr %12, align 8, !tbaa !5
  br label %30

30:                                               ; preds = %87, %29
  %31 = load i64, ptr %12, align 8, !tbaa !5
  %32 = load i64, ptr %6, align 8, !tbaa !5
  %33 = sub nsw i64 %32, 1
  %34 = icmp slt i64 %31, %33
  br i1 %34, label %36, label %35

35:                                               ; preds = %30
  store i32 8, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %12) #2
  br label %90

36:                                               ; preds = %30
  %37 = load ptr, ptr %7, align 8, !tbaa !9
  %38 = load i64, ptr %11, align 8, !tbaa !5
  %39 = sub nsw i64 %38, 1
  %40 = mul nsw i64 %39, %15
  %41 = getelementptr inbounds double, ptr %37, i64 %40
  %42 = load i64, ptr %12, align 8, !tbaa !5
  %43 = getelementptr inbounds double, ptr %41, i64 %42
  %44 = load double, ptr %43, align 8, !tbaa !11
  %45 = load ptr, ptr %7, align 8, !tbaa !9
  %46 = load i64, ptr %11, align 8, !tbaa !5
  %47 = mul nsw i64 %46, %15
  %48 = getelementptr inbounds double, ptr %45, i64 %47
  %49 = load i64, ptr %12, align 8, !tbaa !5
  %50 = sub nsw i64 %49, 1
  %51 = getelementptr inbounds double, ptr %48, i64 %50
  %52 = load double, ptr %51, align 8, !tbaa !11
  %53 = fadd double %44, %52
  %54 = load ptr, ptr %7, align 8, !tbaa !9
  %55 = load i64, ptr %11, align 8, !tbaa !5
  %56 = mul nsw i64 %55, %15
  %57 = getelementptr inbounds double, ptr %54, i64 %56
  %58 = load i64, ptr %12, align 8, !tbaa !5
  %59 = getelementptr inbounds double, ptr %57, i64 %58
  %60 = load double, ptr %59, align 8, !tbaa !11
  %61 = fadd double %53, %60
  %62 = load ptr, ptr %7, align 8, !tbaa !9
  %63 = load i64, ptr %11, align 8, !tbaa !5
  %64 = mul nsw i64 %63, %15
  %65 = getelementptr inbounds double, ptr %62, i64 %64
  %66 = load i64, ptr %12, align 8, !tbaa !5
  %67 = add nsw i64 %66, 1
  %68 = getelementptr inbounds double, ptr %65, i64 %67
  %69 = load double, ptr %68, align 8, !tbaa !11
  %70 = fadd double %61, %69
  %71 = load ptr, ptr %7, align 8, !tbaa !9
  %72 = load i64, ptr %11, align 8, !tbaa !5
  %73 = add nsw i64 %72, 1
  %74 = mul nsw i64 %73, %15
  %75 = getelementptr inbounds double, ptr %71, i64 %74
  %76 = load i64, ptr %12, align 8, !tbaa !5
  %77 = getelementptr inbounds double, ptr %75, i64 %76
  %78 = load double, ptr %77, align 8, !tbaa !11
  %79 = fadd double %70, %78
  %80 = fmul double %79, 2.000000e-01
  %81 = load ptr, ptr %8, align 8, !tbaa !9
  %82 = load i64, ptr %11, align 8, !tbaa !5
  %83 = mul nsw i64 %82, %16
  %84 = getelementptr inbounds double, ptr %81, i64 %83
  %85 = load i64, ptr %12, align 8, !tbaa !5
  %86 = getelementptr inbounds double, ptr %84, i64 %85
  store double %80, ptr %86, align 8, !tbaa !11
  br label %87

87:                                               ; preds = %36
  %88 = load i64, ptr %12, align 8, !tbaa !5
  %89 = add nsw i64 %88, 1
  store i64 %89, ptr %12, align 8, !tbaa !5
  br label %30, !llvm.loop !13

90:                                               ; preds = %35
  br label %91

91:                                               ; preds = %90
  %92 = load i64, ptr %11, align 8, !tbaa !5
  %93 = add nsw i64 %92, 1
  store i64 %93, ptr %11, align 8, !tbaa !5
  br label %23, !llvm.loop !15

94:                                               ; preds = %28
  call void @llvm.lifetime.start.p0(i64 8, ptr %13) #2
  store i64 1, ptr %13, align 8, !tbaa !5
  br label %95

95:                                               ; preds = %163, %94
  %96 = load i64, ptr %13, align 8, !tbaa !5
  %97 = load i64, ptr %6, align 8, !tbaa !5
  %98 = sub nsw i64 %97, 1
  %99 = icmp slt i64 %96, %98
  br i1 %99, label %101, label %100

100:                                              ; preds = %95
  store i32 11, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %13) #2
  br label %166

101:                                              ; preds = %95
  call void @llvm.lifetime.start.p0(i64 8, ptr %14) #2
  store i64 1, ptr %14, align 8, !tbaa !5
  br label %102

102:                                              ; preds = %159, %101
  %103 = load i64, ptr %14, align 8, !tbaa !5
  %104 = load i64, ptr %6, align 8, !tbaa !5
  %105 = sub nsw i64 %104, 1
  %106 = icmp slt i64 %103, %105
  br i1 %106, label %108, label %107

107:                                              ; preds = %102
  store i32 14, ptr %10, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %14) #2
  br label %162

108:                                              ; preds = %102
  %109 = load ptr, ptr %8, align 8, !tbaa !9
  %110 = load i64, ptr %13, align 8, !tbaa !5
  %111 = sub nsw i64 %110, 1
  %112 = mul nsw i64 %111, %16
  %113 = getelementptr inbounds double, ptr %109, i64 %112
  %114 = load i64, ptr %14, align 8, !tbaa !5
  %115 = getelementptr inbounds double, ptr %113, i64 %114
  %116 = load double, ptr %115, align 8, !tbaa !11
  %117 = load ptr, ptr %8, align 8, !tbaa !9
  %118 = load i64, ptr %13, align 8, !tbaa !5
  %119 = mul nsw i64 %118, %16
  %120 = getelementptr inbounds double, ptr %117, i64 %119
  %121 = load i64, ptr %14, align 8, !tbaa !5
  %122 = sub nsw i64 %121, 1
  %123 = getelementptr inbounds double, ptr %120, i64 %122
  %124 = load double, ptr %123, align 8, !tbaa !11
  %125 = fadd double %116, %124
  %126 = load ptr, ptr %8, align 8, !tbaa !9
  %127 = load i64, ptr %13, align 8, !tbaa !5
  %128 = mul nsw i64 %127, %16
  %129 = getelementptr inbounds double, ptr %126, i64 %128
  %130 = load i64, ptr %14, align 8, !tbaa !5
  %131 = getelementptr inbounds double, ptr %129, i64 %130
  %132 = load double, ptr %131, align 8, !tbaa !11
  %133 = fadd double %125, %132
  %134 = load ptr, ptr %8, align 8, !tbaa !9
  %135 = load i64, ptr %13, align 8, !tbaa !5
  %136 = mul nsw i64 %135, %16
  %137 = getelementptr inbounds double, ptr %134, i64 %136
  %138 = load i64, ptr %14, align 8, !tbaa !5
  %139 = add nsw i64 %138, 1
  %140 = getelementptr inbounds double, ptr %137, i64 %139
  %141 = load double, ptr %140, align 8, !tbaa !11
  %142 = fadd double %133, %141
  %143 = load ptr, ptr %8, align 8, !tbaa !9
  %144 = load i64, ptr %13, align 8, !tbaa !5
  %145 = add nsw i64 %144, 1
  %146 = mul nsw i64 %145, %16
  %147 = getelementptr inbounds double, ptr %143, i64 %146
  %148 = load i64, ptr %14, align 8, !tbaa !5
  %149 = getelementptr inbounds double, ptr %147, i64 %148
  %150 = load double, ptr %149, align 8, !tbaa !11
  %151 = fadd double %142, %150
  %152 = fmul double %151, 2.000000e-01
  %153 = load ptr, ptr %7, align 8, !tbaa !9
  %154 = load i64, ptr %13, align 8, !tbaa !5
  %155 = mul nsw i64 %154, %15
  %156 = getelementptr inbounds double, ptr %153, i64 %155
  %157 = load i64, ptr %14, align 8, !tbaa !5
  %158 = getelementptr inbounds double, ptr %156, i64 %157
  store double %152, ptr %158, align 8, !tbaa !11
  br label %159

159:                                              ; preds = %108
  %160 = load i64, ptr %14, align 8, !tbaa !5
  %161 = add nsw i64 %160, 1
  store i64 %161, ptr %14, align 8, !tbaa !5
  br label %102, !llvm.loop !16

162:                                              ; preds = %107
  br label %163

163:                                              ; preds = %162
  %164 = load i64, ptr %13, align 8, !tbaa !5
  %165 = add nsw i64 %164, 1
  store i64 %165, ptr %13, align 8, !tbaa !5
  br label %95, !llvm.loop !17

166:                                              ; preds = %100
  br label %167

167:                                              ; preds = %166
  %168 = load i64, ptr %9, align 8, !tbaa !5
  %169 = add nsw i64 %168, 1
  store i64 %169, ptr %9, align 8, !tbaa !5
  br label %17, !llvm.loop !18

170:                                              ; preds = %21
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
!6 = !{!"long", !7, i64 0}
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
