; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; // A small solver inlined into a caller's loop over right-hand sides: its entry
; // test reads only n, which the loop does not change, so the loop is split on it.
; // The copy that runs in core has no call of the transformed body, so c[0] / b[0]
; // leaves the loop as in the plain build.
; static void solve(int n, const double *b, const double *c, double *d, double *cp) {
;   cp[0] = c[0] / b[0];
;   d[0] = d[0] / b[0];
;   for (int i = 1; i < n; i++) {
;     double m = 1.0 / (b[i] - cp[i - 1]);
;     cp[i] = c[i] * m;
;     d[i] = (d[i] - d[i - 1]) * m;
;   }
; }
; 
; void solve_all(int m, int n, const double *restrict b, const double *restrict c,
;                double *restrict rhs, double *restrict cp) {
;   for (int s = 0; s < m; s++)
;     solve(n, b, c, rhs + (long)s * n, cp);
; }
;
; The pass runs where clang runs it, on IR as clang emits it (clang -O2 -Xclang
; -disable-llvm-passes). Once solve is inlined, its entry test reads only n: the
; loop over s is split on it, and the test runs once, before either copy.
; CHECK-LABEL: define dso_local void @solve_all(
; CHECK:         %oc.limit{{.*}} = load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK:         br i1 %oc.fits{{.*}}, label %[[COPY:.*\.oc\.split]], label %[[OTHER:.*]]
;
; One copy calls the transformed body for every right-hand side:
; CHECK:       [[COPY]]:
; CHECK:         call fastcc void @solve.outcore.transformed(
;
; The other is the plain build's loop, c[0] / b[0] divided once, before it:
; CHECK:       [[OTHER]]:
; CHECK:         [[C0:%.*]] = load double, ptr %arg3
; CHECK-NEXT:    [[B0:%.*]] = load double, ptr %arg2
; CHECK-NEXT:    fdiv double [[C0]], [[B0]]
; CHECK:         %indvars.iv = phi i64
; CHECK-NOT:     call {{.*}}@solve.outcore.transformed(
; CHECK-LABEL: define internal fastcc void @solve.outcore.transformed(
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @solve_all(i32 noundef %0, i32 noundef %1, ptr noalias noundef %2, ptr noalias noundef %3, ptr noalias noundef %4, ptr noalias noundef %5) #0 {
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca ptr, align 8
  %10 = alloca ptr, align 8
  %11 = alloca ptr, align 8
  %12 = alloca ptr, align 8
  %13 = alloca i32, align 4
  store i32 %0, ptr %7, align 4, !tbaa !5
  store i32 %1, ptr %8, align 4, !tbaa !5
  store ptr %2, ptr %9, align 8, !tbaa !9
  store ptr %3, ptr %10, align 8, !tbaa !9
  store ptr %4, ptr %11, align 8, !tbaa !9
  store ptr %5, ptr %12, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 4, ptr %13) #2
  store i32 0, ptr %13, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %31, %6
  %15 = load i32, ptr %13, align 4, !tbaa !5
  %16 = load i32, ptr %7, align 4, !tbaa !5
  %17 = icmp slt i32 %15, %16
  br i1 %17, label %19, label %18

18:                                               ; preds = %14
  call void @llvm.lifetime.end.p0(i64 4, ptr %13) #2
  br label %34

19:                                               ; preds = %14
  %20 = load i32, ptr %8, align 4, !tbaa !5
  %21 = load ptr, ptr %9, align 8, !tbaa !9
  %22 = load ptr, ptr %10, align 8, !tbaa !9
  %23 = load ptr, ptr %11, align 8, !tbaa !9
  %24 = load i32, ptr %13, align 4, !tbaa !5
  %25 = sext i32 %24 to i64
  %26 = load i32, ptr %8, align 4, !tbaa !5
  %27 = sext i32 %26 to i64
  %28 = mul nsw i64 %25, %27
  %29 = getelementptr inbounds double, ptr %23, i64 %28
  %30 = load ptr, ptr %12, align 8, !tbaa !9
  call void @solve(i32 noundef %20, ptr noundef %21, ptr noundef %22, ptr noundef %29, ptr noundef %30)
  br label %31

31:                                               ; preds = %19
  %32 = load i32, ptr %13, align 4, !tbaa !5
  %33 = add nsw i32 %32, 1
  store i32 %33, ptr %13, align 4, !tbaa !5
  br label %14, !llvm.loop !11

34:                                               ; preds = %18
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define internal void @solve(i32 noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3, ptr noundef %4) #0 {
  %6 = alloca i32, align 4
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca ptr, align 8
  %10 = alloca ptr, align 8
  %11 = alloca i32, align 4
  %12 = alloca double, align 8
  store i32 %0, ptr %6, align 4, !tbaa !5
  store ptr %1, ptr %7, align 8, !tbaa !9
  store ptr %2, ptr %8, align 8, !tbaa !9
  store ptr %3, ptr %9, align 8, !tbaa !9
  store ptr %4, ptr %10, align 8, !tbaa !9
  %13 = load ptr, ptr %8, align 8, !tbaa !9
  %14 = getelementptr inbounds double, ptr %13, i64 0
  %15 = load double, ptr %14, align 8, !tbaa !13
  %16 = load ptr, ptr %7, align 8, !tbaa !9
  %17 = getelementptr inbounds double, ptr %16, i64 0
  %18 = load double, ptr %17, align 8, !tbaa !13
  %19 = fdiv double %15, %18
  %20 = load ptr, ptr %10, align 8, !tbaa !9
  %21 = getelementptr inbounds double, ptr %20, i64 0
  store double %19, ptr %21, align 8, !tbaa !13
  %22 = load ptr, ptr %9, align 8, !tbaa !9
  %23 = getelementptr inbounds double, ptr %22, i64 0
  %24 = load double, ptr %23, align 8, !tbaa !13
  %25 = load ptr, ptr %7, align 8, !tbaa !9
  %26 = getelementptr inbounds double, ptr %25, i64 0
  %27 = load double, ptr %26, align 8, !tbaa !13
  %28 = fdiv double %24, %27
  %29 = load ptr, ptr %9, align 8, !tbaa !9
  %30 = getelementptr inbounds double, ptr %29, i64 0
  store double %28, ptr %30, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 4, ptr %11) #2
  store i32 1, ptr %11, align 4, !tbaa !5
  br label %31

31:                                               ; preds = %79, %5
  %32 = load i32, ptr %11, align 4, !tbaa !5
  %33 = load i32, ptr %6, align 4, !tbaa !5
  %34 = icmp slt i32 %32, %33
  br i1 %34, label %36, label %35

35:                                               ; preds = %31
  call void @llvm.lifetime.end.p0(i64 4, ptr %11) #2
  br label %82

36:                                               ; preds = %31
  call void @llvm.lifetime.start.p0(i64 8, ptr %12) #2
  %37 = load ptr, ptr %7, align 8, !tbaa !9
  %38 = load i32, ptr %11, align 4, !tbaa !5
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds double, ptr %37, i64 %39
  %41 = load double, ptr %40, align 8, !tbaa !13
  %42 = load ptr, ptr %10, align 8, !tbaa !9
  %43 = load i32, ptr %11, align 4, !tbaa !5
  %44 = sub nsw i32 %43, 1
  %45 = sext i32 %44 to i64
  %46 = getelementptr inbounds double, ptr %42, i64 %45
  %47 = load double, ptr %46, align 8, !tbaa !13
  %48 = fsub double %41, %47
  %49 = fdiv double 1.000000e+00, %48
  store double %49, ptr %12, align 8, !tbaa !13
  %50 = load ptr, ptr %8, align 8, !tbaa !9
  %51 = load i32, ptr %11, align 4, !tbaa !5
  %52 = sext i32 %51 to i64
  %53 = getelementptr inbounds double, ptr %50, i64 %52
  %54 = load double, ptr %53, align 8, !tbaa !13
  %55 = load double, ptr %12, align 8, !tbaa !13
  %56 = fmul double %54, %55
  %57 = load ptr, ptr %10, align 8, !tbaa !9
  %58 = load i32, ptr %11, align 4, !tbaa !5
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds double, ptr %57, i64 %59
  store double %56, ptr %60, align 8, !tbaa !13
  %61 = load ptr, ptr %9, align 8, !tbaa !9
  %62 = load i32, ptr %11, align 4, !tbaa !5
  %63 = sext i32 %62 to i64
  %64 = getelementptr inbounds double, ptr %61, i64 %63
  %65 = load double, ptr %64, align 8, !tbaa !13
  %66 = load ptr, ptr %9, align 8, !tbaa !9
  %67 = load i32, ptr %11, align 4, !tbaa !5
  %68 = sub nsw i32 %67, 1
  %69 = sext i32 %68 to i64
  %70 = getelementptr inbounds double, ptr %66, i64 %69
  %71 = load double, ptr %70, align 8, !tbaa !13
  %72 = fsub double %65, %71
  %73 = load double, ptr %12, align 8, !tbaa !13
  %74 = fmul double %72, %73
  %75 = load ptr, ptr %9, align 8, !tbaa !9
  %76 = load i32, ptr %11, align 4, !tbaa !5
  %77 = sext i32 %76 to i64
  %78 = getelementptr inbounds double, ptr %75, i64 %77
  store double %74, ptr %78, align 8, !tbaa !13
  call void @llvm.lifetime.end.p0(i64 8, ptr %12) #2
  br label %79

79:                                               ; preds = %36
  %80 = load i32, ptr %11, align 4, !tbaa !5
  %81 = add nsw i32 %80, 1
  store i32 %81, ptr %11, align 4, !tbaa !5
  br label %31, !llvm.loop !15

82:                                               ; preds = %35
  ret void
}

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
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!14, !14, i64 0}
!14 = !{!"double", !7, i64 0}
!15 = distinct !{!15, !12}
