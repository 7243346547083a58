; // A footprint that divides (the number of blocks, n / (2h)) cannot be made
; // anywhere by speculation (h may be 0), but the function divides at its
; // entry on every call: the entry dispatch may divide there too, and the
; // function runs its plain body when the data fits.
; void butterfly(long n, long h, double *restrict x) {
;   long blocks = n / (2 * h);
;   for (long j = 0; j < h; j++)
;     for (long m = 0; m < blocks; m++) {
;       double u = x[m * 2 * h + j], v = x[m * 2 * h + h + j];
;       x[m * 2 * h + j] = u + v;
;       x[m * 2 * h + h + j] = u - v;
;     }
; }
;
; The pass runs where clang runs it, on IR as clang emits it
; (clang -O2 -Xclang -disable-llvm-passes):
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @butterfly(
; CHECK-NEXT:  oc.dispatch:
; CHECK:         [[BLOCKS:%.*]] = sdiv i64 %arg0,
; CHECK:         load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK:         br i1 %oc.fits{{.*}}, label %oc.hinted, label %[[PLAIN:.*]], !prof
; CHECK:       [[PLAIN]]:
; CHECK-NOT:     call {{.*}}@oc_
; CHECK:       oc.hinted:
; CHECK-NEXT:    tail call fastcc void @butterfly.outcore.transformed(
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @butterfly(i64 noundef %0, i64 noundef %1, ptr noalias noundef %2) #0 {
  %4 = alloca i64, align 8
  %5 = alloca i64, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i64, align 8
  %8 = alloca i64, align 8
  %9 = alloca i32, align 4
  %10 = alloca i64, align 8
  %11 = alloca double, align 8
  %12 = alloca double, align 8
  store i64 %0, ptr %4, align 8, !tbaa !5
  store i64 %1, ptr %5, align 8, !tbaa !5
  store ptr %2, ptr %6, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %7) #2
  %13 = load i64, ptr %4, align 8, !tbaa !5
  %14 = load i64, ptr %5, align 8, !tbaa !5
  %15 = mul nsw i64 2, %14
  %16 = sdiv i64 %13, %15
  store i64 %16, ptr %7, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %8) #2
  store i64 0, ptr %8, align 8, !tbaa !5
  br label %17

17:                                               ; preds = %77, %3
  %18 = load i64, ptr %8, align 8, !tbaa !5
  %19 = load i64, ptr %5, align 8, !tbaa !5
  %20 = icmp slt i64 %18, %19
  br i1 %20, label %22, label %21

21:                                               ; preds = %17
  store i32 2, ptr %9, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %8) #2
  br label %80

22:                                               ; preds = %17
  call void @llvm.lifetime.start.p0(i64 8, ptr %10) #2
  store i64 0, ptr %10, align 8, !tbaa !5
  br label %23

23:                                               ; preds = %73, %22
  %24 = load i64, ptr %10, align 8, !tbaa !5
  %25 = load i64, ptr %7, align 8, !tbaa !5
  %26 = icmp slt i64 %24, %25
  br i1 %26, label %28, label %27

27:                                               ; preds = %23
  store i32 5, ptr %9, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %10) #2
  br label %76

28:                                               ; preds = %23
  call void @llvm.lifetime.start.p0(i64 8, ptr %11) #2
  %29 = load ptr, ptr %6, align 8, !tbaa !9
  %30 = load i64, ptr %10, align 8, !tbaa !5
  %31 = mul nsw i64 %30, 2
  %32 = load i64, ptr %5, align 8, !tbaa !5
  %33 = mul nsw i64 %31, %32
  %34 = load i64, ptr %8, align 8, !tbaa !5
  %35 = add nsw i64 %33, %34
  %36 = getelementptr inbounds double, ptr %29, i64 %35
  %37 = load double, ptr %36, align 8, !tbaa !11
  store double %37, ptr %11, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %12) #2
  %38 = load ptr, ptr %6, align 8, !tbaa !9
  %39 = load i64, ptr %10, align 8, !tbaa !5
  %40 = mul nsw i64 %39, 2
  %41 = load i64, ptr %5, align 8, !tbaa !5
  %42 = mul nsw i64 %40, %41
  %43 = load i64, ptr %5, align 8, !tbaa !5
  %44 = add nsw i64 %42, %43
  %45 = load i64, ptr %8, align 8, !tbaa !5
  %46 = add nsw i64 %44, %45
  %47 = getelementptr inbounds double, ptr %38, i64 %46
  %48 = load double, ptr %47, align 8, !tbaa !11
  store double %48, ptr %12, align 8, !tbaa !11
  %49 = load double, ptr %11, align 8, !tbaa !11
  %50 = load double, ptr %12, align 8, !tbaa !11
  %51 = fadd double %49, %50
  %52 = load ptr, ptr %6, align 8, !tbaa !9
  %53 = load i64, ptr %10, align 8, !tbaa !5
  %54 = mul nsw i64 %53, 2
  %55 = load i64, ptr %5, align 8, !tbaa !5
  %56 = mul nsw i64 %54, %55
  %57 = load i64, ptr %8, align 8, !tbaa !5
  %58 = add nsw i64 %56, %57
  %59 = getelementptr inbounds double, ptr %52, i64 %58
  store double %51, ptr %59, align 8, !tbaa !11
  %60 = load double, ptr %11, align 8, !tbaa !11
  %61 = load double, ptr %12, align 8, !tbaa !11
  %62 = fsub double %60, %61
  %63 = load ptr, ptr %6, align 8, !tbaa !9
  %64 = load i64, ptr %10, align 8, !tbaa !5
  %65 = mul nsw i64 %64, 2
  %66 = load i64, ptr %5, align 8, !tbaa !5
  %67 = mul nsw i64 %65, %66
  %68 = load i64, ptr %5, align 8, !tbaa !5
  %69 = add nsw i64 %67, %68
  %70 = load i64, ptr %8, align 8, !tbaa !5
  %71 = add nsw i64 %69, %70
  %72 = getelementptr inbounds double, ptr %63, i64 %71
  store double %62, ptr %72, align 8, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 8, ptr %12) #2
  call void @llvm.lifetime.end.p0(i64 8, ptr %11) #2
  br label %73

73:                                               ; preds = %28
  %74 = load i64, ptr %10, align 8, !tbaa !5
  %75 = add nsw i64 %74, 1
  store i64 %75, ptr %10, align 8, !tbaa !5
  br label %23, !llvm.loop !13

76:                                               ; preds = %27
  br label %77

77:                                               ; preds = %76
  %78 = load i64, ptr %8, align 8, !tbaa !5
  %79 = add nsw i64 %78, 1
  store i64 %79, ptr %8, align 8, !tbaa !5
  br label %17, !llvm.loop !15

80:                                               ; preds = %21
  call void @llvm.lifetime.end.p0(i64 8, ptr %7) #2
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
