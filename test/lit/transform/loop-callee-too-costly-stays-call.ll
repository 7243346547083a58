; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare),outcore-inline-loop-callees' -S %s | FileCheck %s
;
; A function with a loop, called in a loop, that LLVM's inline cost analysis
; finds too costly for -O2's threshold stays a call: the pass inlines early only
; what clang's inliner would inline later.
; CHECK-LABEL: define dso_local void @run(
; CHECK:         call void @mix(
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
; void mix(long n, double *a, const double *b) {
;   for (long i = 0; i < n; i++) {
;     a[i] = a[i] * 1.5 + b[(i + 1) % n] / (a[i] + 1.25);
;     a[i] = a[i] * 2.5 + b[(i + 2) % n] / (a[i] + 2.25);
;     a[i] = a[i] * 3.5 + b[(i + 3) % n] / (a[i] + 3.25);
;     a[i] = a[i] * 4.5 + b[(i + 4) % n] / (a[i] + 4.25);
;     a[i] = a[i] * 5.5 + b[(i + 5) % n] / (a[i] + 5.25);
;     a[i] = a[i] * 6.5 + b[(i + 6) % n] / (a[i] + 6.25);
;     a[i] = a[i] * 7.5 + b[(i + 7) % n] / (a[i] + 7.25);
;     a[i] = a[i] * 8.5 + b[(i + 8) % n] / (a[i] + 8.25);
;   }
; }
; 
; void run(long steps, long n, double *a, double *b) {
;   for (long t = 0; t < steps; t++)
;     mix(n, a, b);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @mix(i64 noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca i64, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i64, align 8
  store i64 %0, ptr %4, align 8, !tbaa !5
  store ptr %1, ptr %5, align 8, !tbaa !9
  store ptr %2, ptr %6, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %7) #3
  store i64 0, ptr %7, align 8, !tbaa !5
  br label %8

8:                                                ; preds = %182, %3
  %9 = load i64, ptr %7, align 8, !tbaa !5
  %10 = load i64, ptr %4, align 8, !tbaa !5
  %11 = icmp slt i64 %9, %10
  br i1 %11, label %13, label %12

12:                                               ; preds = %8
  call void @llvm.lifetime.end.p0(i64 8, ptr %7) #3
  br label %185

13:                                               ; preds = %8
  %14 = load ptr, ptr %5, align 8, !tbaa !9
  %15 = load i64, ptr %7, align 8, !tbaa !5
  %16 = getelementptr inbounds double, ptr %14, i64 %15
  %17 = load double, ptr %16, align 8, !tbaa !11
  %18 = load ptr, ptr %6, align 8, !tbaa !9
  %19 = load i64, ptr %7, align 8, !tbaa !5
  %20 = add nsw i64 %19, 1
  %21 = load i64, ptr %4, align 8, !tbaa !5
  %22 = srem i64 %20, %21
  %23 = getelementptr inbounds double, ptr %18, i64 %22
  %24 = load double, ptr %23, align 8, !tbaa !11
  %25 = load ptr, ptr %5, align 8, !tbaa !9
  %26 = load i64, ptr %7, align 8, !tbaa !5
  %27 = getelementptr inbounds double, ptr %25, i64 %26
  %28 = load double, ptr %27, align 8, !tbaa !11
  %29 = fadd double %28, 1.250000e+00
  %30 = fdiv double %24, %29
  %31 = call double @llvm.fmuladd.f64(double %17, double 1.500000e+00, double %30)
  %32 = load ptr, ptr %5, align 8, !tbaa !9
  %33 = load i64, ptr %7, align 8, !tbaa !5
  %34 = getelementptr inbounds double, ptr %32, i64 %33
  store double %31, ptr %34, align 8, !tbaa !11
  %35 = load ptr, ptr %5, align 8, !tbaa !9
  %36 = load i64, ptr %7, align 8, !tbaa !5
  %37 = getelementptr inbounds double, ptr %35, i64 %36
  %38 = load double, ptr %37, align 8, !tbaa !11
  %39 = load ptr, ptr %6, align 8, !tbaa !9
  %40 = load i64, ptr %7, align 8, !tbaa !5
  %41 = add nsw i64 %40, 2
  %42 = load i64, ptr %4, align 8, !tbaa !5
  %43 = srem i64 %41, %42
  %44 = getelementptr inbounds double, ptr %39, i64 %43
  %45 = load double, ptr %44, align 8, !tbaa !11
  %46 = load ptr, ptr %5, align 8, !tbaa !9
  %47 = load i64, ptr %7, align 8, !tbaa !5
  %48 = getelementptr inbounds double, ptr %46, i64 %47
  %49 = load double, ptr %48, align 8, !tbaa !11
  %50 = fadd double %49, 2.250000e+00
  %51 = fdiv double %45, %50
  %52 = call double @llvm.fmuladd.f64(double %38, double 2.500000e+00, double %51)
  %53 = load ptr, ptr %5, align 8, !tbaa !9
  %54 = load i64, ptr %7, align 8, !tbaa !5
  %55 = getelementptr inbounds double, ptr %53, i64 %54
  store double %52, ptr %55, align 8, !tbaa !11
  %56 = load ptr, ptr %5, align 8, !tbaa !9
  %57 = load i64, ptr %7, align 8, !tbaa !5
  %58 = getelementptr inbounds double, ptr %56, i64 %57
  %59 = load double, ptr %58, align 8, !tbaa !11
  %60 = load ptr, ptr %6, align 8, !tbaa !9
  %61 = load i64, ptr %7, align 8, !tbaa !5
  %62 = add nsw i64 %61, 3
  %63 = load i64, ptr %4, align 8, !tbaa !5
  %64 = srem i64 %62, %63
  %65 = getelementptr inbounds double, ptr %60, i64 %64
  %66 = load double, ptr %65, align 8, !tbaa !11
  %67 = load ptr, ptr %5, align 8, !tbaa !9
  %68 = load i64, ptr %7, align 8, !tbaa !5
  %69 = getelementptr inbounds double, ptr %67, i64 %68
  %70 = load double, ptr %69, align 8, !tbaa !11
  %71 = fadd double %70, 3.250000e+00
  %72 = fdiv double %66, %71
  %73 = call double @llvm.fmuladd.f64(double %59, double 3.500000e+00, double %72)
  %74 = load ptr, ptr %5, align 8, !tbaa !9
  %75 = load i64, ptr %7, align 8, !tbaa !5
  %76 = getelementptr inbounds double, ptr %74, i64 %75
  store double %73, ptr %76, align 8, !tbaa !11
  %77 = load ptr, ptr %5, align 8, !tbaa !9
  %78 = load i64, ptr %7, align 8, !tbaa !5
  %79 = getelementptr inbounds double, ptr %77, i64 %78
  %80 = load double, ptr %79, align 8, !tbaa !11
  %81 = load ptr, ptr %6, align 8, !tbaa !9
  %82 = load i64, ptr %7, align 8, !tbaa !5
  %83 = add nsw i64 %82, 4
  %84 = load i64, ptr %4, align 8, !tbaa !5
  %85 = srem i64 %83, %84
  %86 = getelementptr inbounds double, ptr %81, i64 %85
  %87 = load double, ptr %86, align 8, !tbaa !11
  %88 = load ptr, ptr %5, align 8, !tbaa !9
  %89 = load i64, ptr %7, align 8, !tbaa !5
  %90 = getelementptr inbounds double, ptr %88, i64 %89
  %91 = load double, ptr %90, align 8, !tbaa !11
  %92 = fadd double %91, 4.250000e+00
  %93 = fdiv double %87, %92
  %94 = call double @llvm.fmuladd.f64(double %80, double 4.500000e+00, double %93)
  %95 = load ptr, ptr %5, align 8, !tbaa !9
  %96 = load i64, ptr %7, align 8, !tbaa !5
  %97 = getelementptr inbounds double, ptr %95, i64 %96
  store double %94, ptr %97, align 8, !tbaa !11
  %98 = load ptr, ptr %5, align 8, !tbaa !9
  %99 = load i64, ptr %7, align 8, !tbaa !5
  %100 = getelementptr inbounds double, ptr %98, i64 %99
  %101 = load double, ptr %100, align 8, !tbaa !11
  %102 = load ptr, ptr %6, align 8, !tbaa !9
  %103 = load i64, ptr %7, align 8, !tbaa !5
  %104 = add nsw i64 %103, 5
  %105 = load i64, ptr %4, align 8, !tbaa !5
  %106 = srem i64 %104, %105
  %107 = getelementptr inbounds double, ptr %102, i64 %106
  %108 = load double, ptr %107, align 8, !tbaa !11
  %109 = load ptr, ptr %5, align 8, !tbaa !9
  %110 = load i64, ptr %7, align 8, !tbaa !5
  %111 = getelementptr inbounds double, ptr %109, i64 %110
  %112 = load double, ptr %111, align 8, !tbaa !11
  %113 = fadd double %112, 5.250000e+00
  %114 = fdiv double %108, %113
  %115 = call double @llvm.fmuladd.f64(double %101, double 5.500000e+00, double %114)
  %116 = load ptr, ptr %5, align 8, !tbaa !9
  %117 = load i64, ptr %7, align 8, !tbaa !5
  %118 = getelementptr inbounds double, ptr %116, i64 %117
  store double %115, ptr %118, align 8, !tbaa !11
  %119 = load ptr, ptr %5, align 8, !tbaa !9
  %120 = load i64, ptr %7, align 8, !tbaa !5
  %121 = getelementptr inbounds double, ptr %119, i64 %120
  %122 = load double, ptr %121, align 8, !tbaa !11
  %123 = load ptr, ptr %6, align 8, !tbaa !9
  %124 = load i64, ptr %7, align 8, !tbaa !5
  %125 = add nsw i64 %124, 6
  %126 = load i64, ptr %4, align 8, !tbaa !5
  %127 = srem i64 %125, %126
  %128 = getelementptr inbounds double, ptr %123, i64 %127
  %129 = load double, ptr %128, align 8, !tbaa !11
  %130 = load ptr, ptr %5, align 8, !tbaa !9
  %131 = load i64, ptr %7, align 8, !tbaa !5
  %132 = getelementptr inbounds double, ptr %130, i64 %131
  %133 = load double, ptr %132, align 8, !tbaa !11
  %134 = fadd double %133, 6.250000e+00
  %135 = fdiv double %129, %134
  %136 = call double @llvm.fmuladd.f64(double %122, double 6.500000e+00, double %135)
  %137 = load ptr, ptr %5, align 8, !tbaa !9
  %138 = load i64, ptr %7, align 8, !tbaa !5
  %139 = getelementptr inbounds double, ptr %137, i64 %138
  store double %136, ptr %139, align 8, !tbaa !11
  %140 = load ptr, ptr %5, align 8, !tbaa !9
  %141 = load i64, ptr %7, align 8, !tbaa !5
  %142 = getelementptr inbounds double, ptr %140, i64 %141
  %143 = load double, ptr %142, align 8, !tbaa !11
  %144 = load ptr, ptr %6, align 8, !tbaa !9
  %145 = load i64, ptr %7, align 8, !tbaa !5
  %146 = add nsw i64 %145, 7
  %147 = load i64, ptr %4, align 8, !tbaa !5
  %148 = srem i64 %146, %147
  %149 = getelementptr inbounds double, ptr %144, i64 %148
  %150 = load double, ptr %149, align 8, !tbaa !11
  %151 = load ptr, ptr %5, align 8, !tbaa !9
  %152 = load i64, ptr %7, align 8, !tbaa !5
  %153 = getelementptr inbounds double, ptr %151, i64 %152
  %154 = load double, ptr %153, align 8, !tbaa !11
  %155 = fadd double %154, 7.250000e+00
  %156 = fdiv double %150, %155
  %157 = call double @llvm.fmuladd.f64(double %143, double 7.500000e+00, double %156)
  %158 = load ptr, ptr %5, align 8, !tbaa !9
  %159 = load i64, ptr %7, align 8, !tbaa !5
  %160 = getelementptr inbounds double, ptr %158, i64 %159
  store double %157, ptr %160, align 8, !tbaa !11
  %161 = load ptr, ptr %5, align 8, !tbaa !9
  %162 = load i64, ptr %7, align 8, !tbaa !5
  %163 = getelementptr inbounds double, ptr %161, i64 %162
  %164 = load double, ptr %163, align 8, !tbaa !11
  %165 = load ptr, ptr %6, align 8, !tbaa !9
  %166 = load i64, ptr %7, align 8, !tbaa !5
  %167 = add nsw i64 %166, 8
  %168 = load i64, ptr %4, align 8, !tbaa !5
  %169 = srem i64 %167, %168
  %170 = getelementptr inbounds double, ptr %165, i64 %169
  %171 = load double, ptr %170, align 8, !tbaa !11
  %172 = load ptr, ptr %5, align 8, !tbaa !9
  %173 = load i64, ptr %7, align 8, !tbaa !5
  %174 = getelementptr inbounds double, ptr %172, i64 %173
  %175 = load double, ptr %174, align 8, !tbaa !11
  %176 = fadd double %175, 8.250000e+00
  %177 = fdiv double %171, %176
  %178 = call double @llvm.fmuladd.f64(double %164, double 8.500000e+00, double %177)
  %179 = load ptr, ptr %5, align 8, !tbaa !9
  %180 = load i64, ptr %7, align 8, !tbaa !5
  %181 = getelementptr inbounds double, ptr %179, i64 %180
  store double %178, ptr %181, align 8, !tbaa !11
  br label %182

182:                                              ; preds = %13
  %183 = load i64, ptr %7, align 8, !tbaa !5
  %184 = add nsw i64 %183, 1
  store i64 %184, ptr %7, align 8, !tbaa !5
  br label %8, !llvm.loop !13

185:                                              ; preds = %12
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local void @run(i64 noundef %0, i64 noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca i64, align 8
  store i64 %0, ptr %5, align 8, !tbaa !5
  store i64 %1, ptr %6, align 8, !tbaa !5
  store ptr %2, ptr %7, align 8, !tbaa !9
  store ptr %3, ptr %8, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %9) #3
  store i64 0, ptr %9, align 8, !tbaa !5
  br label %10

10:                                               ; preds = %19, %4
  %11 = load i64, ptr %9, align 8, !tbaa !5
  %12 = load i64, ptr %5, align 8, !tbaa !5
  %13 = icmp slt i64 %11, %12
  br i1 %13, label %15, label %14

14:                                               ; preds = %10
  call void @llvm.lifetime.end.p0(i64 8, ptr %9) #3
  br label %22

15:                                               ; preds = %10
  %16 = load i64, ptr %6, align 8, !tbaa !5
  %17 = load ptr, ptr %7, align 8, !tbaa !9
  %18 = load ptr, ptr %8, align 8, !tbaa !9
  call void @mix(i64 noundef %16, ptr noundef %17, ptr noundef %18)
  br label %19

19:                                               ; preds = %15
  %20 = load i64, ptr %9, align 8, !tbaa !5
  %21 = add nsw i64 %20, 1
  store i64 %21, ptr %9, align 8, !tbaa !5
  br label %10, !llvm.loop !15

22:                                               ; preds = %14
  ret void
}

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
