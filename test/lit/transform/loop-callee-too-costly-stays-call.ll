; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare),outcore-inline-loop-callees' -S %s | FileCheck %s
;
; A function with a loop, called in a loop with the caller's local object, that
; LLVM's inline cost analysis finds too costly for -O2's threshold stays a call:
; the pass inlines early only what clang's inliner would inline later.
; CHECK-LABEL: define dso_local void @run(
; CHECK:         call void @mix(
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
; struct pair {
;   long n;
;   double *a, *b;
; };
; 
; void mix(struct pair *g) {
;   for (long i = 0; i < g->n; i++) {
;     g->a[i] = g->a[i] * 1.5 + g->b[(i + 1) % g->n] / (g->a[i] + 1.25);
;     g->a[i] = g->a[i] * 2.5 + g->b[(i + 2) % g->n] / (g->a[i] + 2.25);
;     g->a[i] = g->a[i] * 3.5 + g->b[(i + 3) % g->n] / (g->a[i] + 3.25);
;     g->a[i] = g->a[i] * 4.5 + g->b[(i + 4) % g->n] / (g->a[i] + 4.25);
;     g->a[i] = g->a[i] * 5.5 + g->b[(i + 5) % g->n] / (g->a[i] + 5.25);
;     g->a[i] = g->a[i] * 6.5 + g->b[(i + 6) % g->n] / (g->a[i] + 6.25);
;     g->a[i] = g->a[i] * 7.5 + g->b[(i + 7) % g->n] / (g->a[i] + 7.25);
;     g->a[i] = g->a[i] * 8.5 + g->b[(i + 8) % g->n] / (g->a[i] + 8.25);
;   }
; }
; 
; void run(long steps, long n, double *a, double *b) {
;   struct pair g = {n, a, b};
;   for (long t = 0; t < steps; t++)
;     mix(&g);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pair = type { i64, ptr, ptr }

; Function Attrs: nounwind uwtable
define dso_local void @mix(ptr noundef %0) #0 {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %3) #3
  store i64 0, ptr %3, align 8, !tbaa !9
  br label %4

4:                                                ; preds = %260, %1
  %5 = load i64, ptr %3, align 8, !tbaa !9
  %6 = load ptr, ptr %2, align 8, !tbaa !5
  %7 = getelementptr inbounds %struct.pair, ptr %6, i32 0, i32 0
  %8 = load i64, ptr %7, align 8, !tbaa !11
  %9 = icmp slt i64 %5, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %4
  call void @llvm.lifetime.end.p0(i64 8, ptr %3) #3
  br label %263

11:                                               ; preds = %4
  %12 = load ptr, ptr %2, align 8, !tbaa !5
  %13 = getelementptr inbounds %struct.pair, ptr %12, i32 0, i32 1
  %14 = load ptr, ptr %13, align 8, !tbaa !13
  %15 = load i64, ptr %3, align 8, !tbaa !9
  %16 = getelementptr inbounds double, ptr %14, i64 %15
  %17 = load double, ptr %16, align 8, !tbaa !14
  %18 = load ptr, ptr %2, align 8, !tbaa !5
  %19 = getelementptr inbounds %struct.pair, ptr %18, i32 0, i32 2
  %20 = load ptr, ptr %19, align 8, !tbaa !16
  %21 = load i64, ptr %3, align 8, !tbaa !9
  %22 = add nsw i64 %21, 1
  %23 = load ptr, ptr %2, align 8, !tbaa !5
  %24 = getelementptr inbounds %struct.pair, ptr %23, i32 0, i32 0
  %25 = load i64, ptr %24, align 8, !tbaa !11
  %26 = srem i64 %22, %25
  %27 = getelementptr inbounds double, ptr %20, i64 %26
  %28 = load double, ptr %27, align 8, !tbaa !14
  %29 = load ptr, ptr %2, align 8, !tbaa !5
  %30 = getelementptr inbounds %struct.pair, ptr %29, i32 0, i32 1
  %31 = load ptr, ptr %30, align 8, !tbaa !13
  %32 = load i64, ptr %3, align 8, !tbaa !9
  %33 = getelementptr inbounds double, ptr %31, i64 %32
  %34 = load double, ptr %33, align 8, !tbaa !14
  %35 = fadd double %34, 1.250000e+00
  %36 = fdiv double %28, %35
  %37 = call double @llvm.fmuladd.f64(double %17, double 1.500000e+00, double %36)
  %38 = load ptr, ptr %2, align 8, !tbaa !5
  %39 = getelementptr inbounds %struct.pair, ptr %38, i32 0, i32 1
  %40 = load ptr, ptr %39, align 8, !tbaa !13
  %41 = load i64, ptr %3, align 8, !tbaa !9
  %42 = getelementptr inbounds double, ptr %40, i64 %41
  store double %37, ptr %42, align 8, !tbaa !14
  %43 = load ptr, ptr %2, align 8, !tbaa !5
  %44 = getelementptr inbounds %struct.pair, ptr %43, i32 0, i32 1
  %45 = load ptr, ptr %44, align 8, !tbaa !13
  %46 = load i64, ptr %3, align 8, !tbaa !9
  %47 = getelementptr inbounds double, ptr %45, i64 %46
  %48 = load double, ptr %47, align 8, !tbaa !14
  %49 = load ptr, ptr %2, align 8, !tbaa !5
  %50 = getelementptr inbounds %struct.pair, ptr %49, i32 0, i32 2
  %51 = load ptr, ptr %50, align 8, !tbaa !16
  %52 = load i64, ptr %3, align 8, !tbaa !9
  %53 = add nsw i64 %52, 2
  %54 = load ptr, ptr %2, align 8, !tbaa !5
  %55 = getelementptr inbounds %struct.pair, ptr %54, i32 0, i32 0
  %56 = load i64, ptr %55, align 8, !tbaa !11
  %57 = srem i64 %53, %56
  %58 = getelementptr inbounds double, ptr %51, i64 %57
  %59 = load double, ptr %58, align 8, !tbaa !14
  %60 = load ptr, ptr %2, align 8, !tbaa !5
  %61 = getelementptr inbounds %struct.pair, ptr %60, i32 0, i32 1
  %62 = load ptr, ptr %61, align 8, !tbaa !13
  %63 = load i64, ptr %3, align 8, !tbaa !9
  %64 = getelementptr inbounds double, ptr %62, i64 %63
  %65 = load double, ptr %64, align 8, !tbaa !14
  %66 = fadd double %65, 2.250000e+00
  %67 = fdiv double %59, %66
  %68 = call double @llvm.fmuladd.f64(double %48, double 2.500000e+00, double %67)
  %69 = load ptr, ptr %2, align 8, !tbaa !5
  %70 = getelementptr inbounds %struct.pair, ptr %69, i32 0, i32 1
  %71 = load ptr, ptr %70, align 8, !tbaa !13
  %72 = load i64, ptr %3, align 8, !tbaa !9
  %73 = getelementptr inbounds double, ptr %71, i64 %72
  store double %68, ptr %73, align 8, !tbaa !14
  %74 = load ptr, ptr %2, align 8, !tbaa !5
  %75 = getelementptr inbounds %struct.pair, ptr %74, i32 0, i32 1
  %76 = load ptr, ptr %75, align 8, !tbaa !13
  %77 = load i64, ptr %3, align 8, !tbaa !9
  %78 = getelementptr inbounds double, ptr %76, i64 %77
  %79 = load double, ptr %78, align 8, !tbaa !14
  %80 = load ptr, ptr %2, align 8, !tbaa !5
  %81 = getelementptr inbounds %struct.pair, ptr %80, i32 0, i32 2
  %82 = load ptr, ptr %81, align 8, !tbaa !16
  %83 = load i64, ptr %3, align 8, !tbaa !9
  %84 = add nsw i64 %83, 3
  %85 = load ptr, ptr %2, align 8, !tbaa !5
  %86 = getelementptr inbounds %struct.pair, ptr %85, i32 0, i32 0
  %87 = load i64, ptr %86, align 8, !tbaa !11
  %88 = srem i64 %84, %87
  %89 = getelementptr inbounds double, ptr %82, i64 %88
  %90 = load double, ptr %89, align 8, !tbaa !14
  %91 = load ptr, ptr %2, align 8, !tbaa !5
  %92 = getelementptr inbounds %struct.pair, ptr %91, i32 0, i32 1
  %93 = load ptr, ptr %92, align 8, !tbaa !13
  %94 = load i64, ptr %3, align 8, !tbaa !9
  %95 = getelementptr inbounds double, ptr %93, i64 %94
  %96 = load double, ptr %95, align 8, !tbaa !14
  %97 = fadd double %96, 3.250000e+00
  %98 = fdiv double %90, %97
  %99 = call double @llvm.fmuladd.f64(double %79, double 3.500000e+00, double %98)
  %100 = load ptr, ptr %2, align 8, !tbaa !5
  %101 = getelementptr inbounds %struct.pair, ptr %100, i32 0, i32 1
  %102 = load ptr, ptr %101, align 8, !tbaa !13
  %103 = load i64, ptr %3, align 8, !tbaa !9
  %104 = getelementptr inbounds double, ptr %102, i64 %103
  store double %99, ptr %104, align 8, !tbaa !14
  %105 = load ptr, ptr %2, align 8, !tbaa !5
  %106 = getelementptr inbounds %struct.pair, ptr %105, i32 0, i32 1
  %107 = load ptr, ptr %106, align 8, !tbaa !13
  %108 = load i64, ptr %3, align 8, !tbaa !9
  %109 = getelementptr inbounds double, ptr %107, i64 %108
  %110 = load double, ptr %109, align 8, !tbaa !14
  %111 = load ptr, ptr %2, align 8, !tbaa !5
  %112 = getelementptr inbounds %struct.pair, ptr %111, i32 0, i32 2
  %113 = load ptr, ptr %112, align 8, !tbaa !16
  %114 = load i64, ptr %3, align 8, !tbaa !9
  %115 = add nsw i64 %114, 4
  %116 = load ptr, ptr %2, align 8, !tbaa !5
  %117 = getelementptr inbounds %struct.pair, ptr %116, i32 0, i32 0
  %118 = load i64, ptr %117, align 8, !tbaa !11
  %119 = srem i64 %115, %118
  %120 = getelementptr inbounds double, ptr %113, i64 %119
  %121 = load double, ptr %120, align 8, !tbaa !14
  %122 = load ptr, ptr %2, align 8, !tbaa !5
  %123 = getelementptr inbounds %struct.pair, ptr %122, i32 0, i32 1
  %124 = load ptr, ptr %123, align 8, !tbaa !13
  %125 = load i64, ptr %3, align 8, !tbaa !9
  %126 = getelementptr inbounds double, ptr %124, i64 %125
  %127 = load double, ptr %126, align 8, !tbaa !14
  %128 = fadd double %127, 4.250000e+00
  %129 = fdiv double %121, %128
  %130 = call double @llvm.fmuladd.f64(double %110, double 4.500000e+00, double %129)
  %131 = load ptr, ptr %2, align 8, !tbaa !5
  %132 = getelementptr inbounds %struct.pair, ptr %131, i32 0, i32 1
  %133 = load ptr, ptr %132, align 8, !tbaa !13
  %134 = load i64, ptr %3, align 8, !tbaa !9
  %135 = getelementptr inbounds double, ptr %133, i64 %134
  store double %130, ptr %135, align 8, !tbaa !14
  %136 = load ptr, ptr %2, align 8, !tbaa !5
  %137 = getelementptr inbounds %struct.pair, ptr %136, i32 0, i32 1
  %138 = load ptr, ptr %137, align 8, !tbaa !13
  %139 = load i64, ptr %3, align 8, !tbaa !9
  %140 = getelementptr inbounds double, ptr %138, i64 %139
  %141 = load double, ptr %140, align 8, !tbaa !14
  %142 = load ptr, ptr %2, align 8, !tbaa !5
  %143 = getelementptr inbounds %struct.pair, ptr %142, i32 0, i32 2
  %144 = load ptr, ptr %143, align 8, !tbaa !16
  %145 = load i64, ptr %3, align 8, !tbaa !9
  %146 = add nsw i64 %145, 5
  %147 = load ptr, ptr %2, align 8, !tbaa !5
  %148 = getelementptr inbounds %struct.pair, ptr %147, i32 0, i32 0
  %149 = load i64, ptr %148, align 8, !tbaa !11
  %150 = srem i64 %146, %149
  %151 = getelementptr inbounds double, ptr %144, i64 %150
  %152 = load double, ptr %151, align 8, !tbaa !14
  %153 = load ptr, ptr %2, align 8, !tbaa !5
  %154 = getelementptr inbounds %struct.pair, ptr %153, i32 0, i32 1
  %155 = load ptr, ptr %154, align 8, !tbaa !13
  %156 = load i64, ptr %3, align 8, !tbaa !9
  %157 = getelementptr inbounds double, ptr %155, i64 %156
  %158 = load double, ptr %157, align 8, !tbaa !14
  %159 = fadd double %158, 5.250000e+00
  %160 = fdiv double %152, %159
  %161 = call double @llvm.fmuladd.f64(double %141, double 5.500000e+00, double %160)
  %162 = load ptr, ptr %2, align 8, !tbaa !5
  %163 = getelementptr inbounds %struct.pair, ptr %162, i32 0, i32 1
  %164 = load ptr, ptr %163, align 8, !tbaa !13
  %165 = load i64, ptr %3, align 8, !tbaa !9
  %166 = getelementptr inbounds double, ptr %164, i64 %165
  store double %161, ptr %166, align 8, !tbaa !14
  %167 = load ptr, ptr %2, align 8, !tbaa !5
  %168 = getelementptr inbounds %struct.pair, ptr %167, i32 0, i32 1
  %169 = load ptr, ptr %168, align 8, !tbaa !13
  %170 = load i64, ptr %3, align 8, !tbaa !9
  %171 = getelementptr inbounds double, ptr %169, i64 %170
  %172 = load double, ptr %171, align 8, !tbaa !14
  %173 = load ptr, ptr %2, align 8, !tbaa !5
  %174 = getelementptr inbounds %struct.pair, ptr %173, i32 0, i32 2
  %175 = load ptr, ptr %174, align 8, !tbaa !16
  %176 = load i64, ptr %3, align 8, !tbaa !9
  %177 = add nsw i64 %176, 6
  %178 = load ptr, ptr %2, align 8, !tbaa !5
  %179 = getelementptr inbounds %struct.pair, ptr %178, i32 0, i32 0
  %180 = load i64, ptr %179, align 8, !tbaa !11
  %181 = srem i64 %177, %180
  %182 = getelementptr inbounds double, ptr %175, i64 %181
  %183 = load double, ptr %182, align 8, !tbaa !14
  %184 = load ptr, ptr %2, align 8, !tbaa !5
  %185 = getelementptr inbounds %struct.pair, ptr %184, i32 0, i32 1
  %186 = load ptr, ptr %185, align 8, !tbaa !13
  %187 = load i64, ptr %3, align 8, !tbaa !9
  %188 = getelementptr inbounds double, ptr %186, i64 %187
  %189 = load double, ptr %188, align 8, !tbaa !14
  %190 = fadd double %189, 6.250000e+00
  %191 = fdiv double %183, %190
  %192 = call double @llvm.fmuladd.f64(double %172, double 6.500000e+00, double %191)
  %193 = load ptr, ptr %2, align 8, !tbaa !5
  %194 = getelementptr inbounds %struct.pair, ptr %193, i32 0, i32 1
  %195 = load ptr, ptr %194, align 8, !tbaa !13
  %196 = load i64, ptr %3, align 8, !tbaa !9
  %197 = getelementptr inbounds double, ptr %195, i64 %196
  store double %192, ptr %197, align 8, !tbaa !14
  %198 = load ptr, ptr %2, align 8, !tbaa !5
  %199 = getelementptr inbounds %struct.pair, ptr %198, i32 0, i32 1
  %200 = load ptr, ptr %199, align 8, !tbaa !13
  %201 = load i64, ptr %3, align 8, !tbaa !9
  %202 = getelementptr inbounds double, ptr %200, i64 %201
  %203 = load double, ptr %202, align 8, !tbaa !14
  %204 = load ptr, ptr %2, align 8, !tbaa !5
  %205 = getelementptr inbounds %struct.pair, ptr %204, i32 0, i32 2
  %206 = load ptr, ptr %205, align 8, !tbaa !16
  %207 = load i64, ptr %3, align 8, !tbaa !9
  %208 = add nsw i64 %207, 7
  %209 = load ptr, ptr %2, align 8, !tbaa !5
  %210 = getelementptr inbounds %struct.pair, ptr %209, i32 0, i32 0
  %211 = load i64, ptr %210, align 8, !tbaa !11
  %212 = srem i64 %208, %211
  %213 = getelementptr inbounds double, ptr %206, i64 %212
  %214 = load double, ptr %213, align 8, !tbaa !14
  %215 = load ptr, ptr %2, align 8, !tbaa !5
  %216 = getelementptr inbounds %struct.pair, ptr %215, i32 0, i32 1
  %217 = load ptr, ptr %216, align 8, !tbaa !13
  %218 = load i64, ptr %3, align 8, !tbaa !9
  %219 = getelementptr inbounds double, ptr %217, i64 %218
  %220 = load double, ptr %219, align 8, !tbaa !14
  %221 = fadd double %220, 7.250000e+00
  %222 = fdiv double %214, %221
  %223 = call double @llvm.fmuladd.f64(double %203, double 7.500000e+00, double %222)
  %224 = load ptr, ptr %2, align 8, !tbaa !5
  %225 = getelementptr inbounds %struct.pair, ptr %224, i32 0, i32 1
  %226 = load ptr, ptr %225, align 8, !tbaa !13
  %227 = load i64, ptr %3, align 8, !tbaa !9
  %228 = getelementptr inbounds double, ptr %226, i64 %227
  store double %223, ptr %228, align 8, !tbaa !14
  %229 = load ptr, ptr %2, align 8, !tbaa !5
  %230 = getelementptr inbounds %struct.pair, ptr %229, i32 0, i32 1
  %231 = load ptr, ptr %230, align 8, !tbaa !13
  %232 = load i64, ptr %3, align 8, !tbaa !9
  %233 = getelementptr inbounds double, ptr %231, i64 %232
  %234 = load double, ptr %233, align 8, !tbaa !14
  %235 = load ptr, ptr %2, align 8, !tbaa !5
  %236 = getelementptr inbounds %struct.pair, ptr %235, i32 0, i32 2
  %237 = load ptr, ptr %236, align 8, !tbaa !16
  %238 = load i64, ptr %3, align 8, !tbaa !9
  %239 = add nsw i64 %238, 8
  %240 = load ptr, ptr %2, align 8, !tbaa !5
  %241 = getelementptr inbounds %struct.pair, ptr %240, i32 0, i32 0
  %242 = load i64, ptr %241, align 8, !tbaa !11
  %243 = srem i64 %239, %242
  %244 = getelementptr inbounds double, ptr %237, i64 %243
  %245 = load double, ptr %244, align 8, !tbaa !14
  %246 = load ptr, ptr %2, align 8, !tbaa !5
  %247 = getelementptr inbounds %struct.pair, ptr %246, i32 0, i32 1
  %248 = load ptr, ptr %247, align 8, !tbaa !13
  %249 = load i64, ptr %3, align 8, !tbaa !9
  %250 = getelementptr inbounds double, ptr %248, i64 %249
  %251 = load double, ptr %250, align 8, !tbaa !14
  %252 = fadd double %251, 8.250000e+00
  %253 = fdiv double %245, %252
  %254 = call double @llvm.fmuladd.f64(double %234, double 8.500000e+00, double %253)
  %255 = load ptr, ptr %2, align 8, !tbaa !5
  %256 = getelementptr inbounds %struct.pair, ptr %255, i32 0, i32 1
  %257 = load ptr, ptr %256, align 8, !tbaa !13
  %258 = load i64, ptr %3, align 8, !tbaa !9
  %259 = getelementptr inbounds double, ptr %257, i64 %258
  store double %254, ptr %259, align 8, !tbaa !14
  br label %260

260:                                              ; preds = %11
  %261 = load i64, ptr %3, align 8, !tbaa !9
  %262 = add nsw i64 %261, 1
  store i64 %262, ptr %3, align 8, !tbaa !9
  br label %4, !llvm.loop !17

263:                                              ; preds = %10
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
  %9 = alloca %struct.pair, align 8
  %10 = alloca i64, align 8
  store i64 %0, ptr %5, align 8, !tbaa !9
  store i64 %1, ptr %6, align 8, !tbaa !9
  store ptr %2, ptr %7, align 8, !tbaa !5
  store ptr %3, ptr %8, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 24, ptr %9) #3
  %11 = getelementptr inbounds %struct.pair, ptr %9, i32 0, i32 0
  %12 = load i64, ptr %6, align 8, !tbaa !9
  store i64 %12, ptr %11, align 8, !tbaa !11
  %13 = getelementptr inbounds %struct.pair, ptr %9, i32 0, i32 1
  %14 = load ptr, ptr %7, align 8, !tbaa !5
  store ptr %14, ptr %13, align 8, !tbaa !13
  %15 = getelementptr inbounds %struct.pair, ptr %9, i32 0, i32 2
  %16 = load ptr, ptr %8, align 8, !tbaa !5
  store ptr %16, ptr %15, align 8, !tbaa !16
  call void @llvm.lifetime.start.p0(i64 8, ptr %10) #3
  store i64 0, ptr %10, align 8, !tbaa !9
  br label %17

17:                                               ; preds = %23, %4
  %18 = load i64, ptr %10, align 8, !tbaa !9
  %19 = load i64, ptr %5, align 8, !tbaa !9
  %20 = icmp slt i64 %18, %19
  br i1 %20, label %22, label %21

21:                                               ; preds = %17
  call void @llvm.lifetime.end.p0(i64 8, ptr %10) #3
  br label %26

22:                                               ; preds = %17
  call void @mix(ptr noundef %9)
  br label %23

23:                                               ; preds = %22
  %24 = load i64, ptr %10, align 8, !tbaa !9
  %25 = add nsw i64 %24, 1
  store i64 %25, ptr %10, align 8, !tbaa !9
  br label %17, !llvm.loop !19

26:                                               ; preds = %21
  call void @llvm.lifetime.end.p0(i64 24, ptr %9) #3
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
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !10, i64 0}
!12 = !{!"pair", !10, i64 0, !6, i64 8, !6, i64 16}
!13 = !{!12, !6, i64 8}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !7, i64 0}
!16 = !{!12, !6, i64 16}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
!19 = distinct !{!19, !18}
