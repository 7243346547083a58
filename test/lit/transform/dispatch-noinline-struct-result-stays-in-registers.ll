; // A noinline function returning a struct through memory (sret) keeps the
; // plain build's body out of line, in an internal function. At -O3
; // ArgumentPromotion drops sret from internal functions, and with it the
; // dereferenceable bytes LICM needs to keep the fields in registers: the loop
; // stored max and min through the pointer on every iteration, as branches
; // (1.14x the plain build's instructions in that function). The copy's
; // parameter is marked dereferenceable for the struct, which sret implies.
; typedef struct { double sum, max, min; long count; } stats;
; __attribute__((noinline)) stats row_stats(const double *a, long n) {
;   stats s = {0, -1e300, 1e300, 0};
;   for (long i = 0; i < n; i++) {
;     s.sum += a[i];
;     if (a[i] > s.max) s.max = a[i];
;     if (a[i] < s.min) s.min = a[i];
;     s.count++;
;   }
;   return s;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O3>' -S %s | FileCheck %s
;
; CHECK-LABEL: define internal fastcc void @row_stats.outcore.plain(ptr {{.*}}dereferenceable(32) %arg0,
; CHECK:       {{^}}[[LOOP:[0-9]+]]:{{ +}}; preds = %[[LOOP]],
; CHECK-NOT:     store
; CHECK:         select
; CHECK-NOT:     store
; CHECK:         br i1 %{{.*}}, label %{{.*}}, label %[[LOOP]], !llvm.loop
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.stats = type { double, double, double, i64 }

@__const.row_stats.s = private unnamed_addr constant %struct.stats { double 0.000000e+00, double -1.000000e+300, double 1.000000e+300, i64 0 }, align 8

; Function Attrs: noinline nounwind uwtable
define dso_local void @row_stats(ptr dead_on_unwind noalias writable sret(%struct.stats) align 8 %0, ptr noundef %1, i64 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  store ptr %1, ptr %4, align 8, !tbaa !4
  store i64 %2, ptr %5, align 8, !tbaa !8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %0, ptr align 8 @__const.row_stats.s, i64 32, i1 false)
  call void @llvm.lifetime.start.p0(i64 8, ptr %6) #3
  store i64 0, ptr %6, align 8, !tbaa !8
  br label %7

7:                                                ; preds = %51, %3
  %8 = load i64, ptr %6, align 8, !tbaa !8
  %9 = load i64, ptr %5, align 8, !tbaa !8
  %10 = icmp slt i64 %8, %9
  br i1 %10, label %12, label %11

11:                                               ; preds = %7
  call void @llvm.lifetime.end.p0(i64 8, ptr %6) #3
  br label %54

12:                                               ; preds = %7
  %13 = load ptr, ptr %4, align 8, !tbaa !4
  %14 = load i64, ptr %6, align 8, !tbaa !8
  %15 = getelementptr inbounds double, ptr %13, i64 %14
  %16 = load double, ptr %15, align 8, !tbaa !10
  %17 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 0
  %18 = load double, ptr %17, align 8, !tbaa !12
  %19 = fadd double %18, %16
  store double %19, ptr %17, align 8, !tbaa !12
  %20 = load ptr, ptr %4, align 8, !tbaa !4
  %21 = load i64, ptr %6, align 8, !tbaa !8
  %22 = getelementptr inbounds double, ptr %20, i64 %21
  %23 = load double, ptr %22, align 8, !tbaa !10
  %24 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 1
  %25 = load double, ptr %24, align 8, !tbaa !14
  %26 = fcmp ogt double %23, %25
  br i1 %26, label %27, label %33

27:                                               ; preds = %12
  %28 = load ptr, ptr %4, align 8, !tbaa !4
  %29 = load i64, ptr %6, align 8, !tbaa !8
  %30 = getelementptr inbounds double, ptr %28, i64 %29
  %31 = load double, ptr %30, align 8, !tbaa !10
  %32 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 1
  store double %31, ptr %32, align 8, !tbaa !14
  br label %33

33:                                               ; preds = %27, %12
  %34 = load ptr, ptr %4, align 8, !tbaa !4
  %35 = load i64, ptr %6, align 8, !tbaa !8
  %36 = getelementptr inbounds double, ptr %34, i64 %35
  %37 = load double, ptr %36, align 8, !tbaa !10
  %38 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 2
  %39 = load double, ptr %38, align 8, !tbaa !15
  %40 = fcmp olt double %37, %39
  br i1 %40, label %41, label %47

41:                                               ; preds = %33
  %42 = load ptr, ptr %4, align 8, !tbaa !4
  %43 = load i64, ptr %6, align 8, !tbaa !8
  %44 = getelementptr inbounds double, ptr %42, i64 %43
  %45 = load double, ptr %44, align 8, !tbaa !10
  %46 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 2
  store double %45, ptr %46, align 8, !tbaa !15
  br label %47

47:                                               ; preds = %41, %33
  %48 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 3
  %49 = load i64, ptr %48, align 8, !tbaa !16
  %50 = add nsw i64 %49, 1
  store i64 %50, ptr %48, align 8, !tbaa !16
  br label %51

51:                                               ; preds = %47
  %52 = load i64, ptr %6, align 8, !tbaa !8
  %53 = add nsw i64 %52, 1
  store i64 %53, ptr %6, align 8, !tbaa !8
  br label %7, !llvm.loop !17

54:                                               ; preds = %11
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

attributes #0 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!5, !5, i64 0}
!5 = !{!"any pointer", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"long", !6, i64 0}
!10 = !{!11, !11, i64 0}
!11 = !{!"double", !6, i64 0}
!12 = !{!13, !11, i64 0}
!13 = !{!"", !11, i64 0, !11, i64 8, !11, i64 16, !9, i64 24}
!14 = !{!13, !11, i64 8}
!15 = !{!13, !11, i64 16}
!16 = !{!13, !9, i64 24}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
