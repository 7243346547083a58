; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare),outcore-inline-loop-callees,function(print<outcore-locality>)' -disable-output %s 2>&1 | FileCheck %s
;
; A smoother with `restrict` parameters, called twice per step of a time loop, is
; inlined there as clang's inliner would inline it: the time loop and both sweeps
; are one nest, whose fit test stands for all of them (the smoother alone would be
; transformed too, and then too costly to inline). The scopes of `restrict` that
; inlining declares in the loop go with their declarations, which Polly cannot
; model.
; CHECK:      Outcore locality for function 'relax'
; CHECK-NEXT: Nest 0 (Polly SCoP), 3 loops, 8 references
; CHECK-NOT:  Nest 1
; CHECK:      Outcore locality for function 'smooth'
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
; static void smooth(long n, double *restrict b, const double *restrict a) {
;   for (long i = 1; i < n - 1; i++)
;     b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
; }
; 
; void relax(long steps, long n, double *a, double *b) {
;   for (long t = 0; t < steps; t++) {
;     smooth(n, b, a);
;     smooth(n, a, b);
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @relax(i64 noundef %0, i64 noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca i64, align 8
  store i64 %0, ptr %5, align 8, !tbaa !5
  store i64 %1, ptr %6, align 8, !tbaa !5
  store ptr %2, ptr %7, align 8, !tbaa !9
  store ptr %3, ptr %8, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %9) #2
  store i64 0, ptr %9, align 8, !tbaa !5
  br label %10

10:                                               ; preds = %22, %4
  %11 = load i64, ptr %9, align 8, !tbaa !5
  %12 = load i64, ptr %5, align 8, !tbaa !5
  %13 = icmp slt i64 %11, %12
  br i1 %13, label %15, label %14

14:                                               ; preds = %10
  call void @llvm.lifetime.end.p0(i64 8, ptr %9) #2
  br label %25

15:                                               ; preds = %10
  %16 = load i64, ptr %6, align 8, !tbaa !5
  %17 = load ptr, ptr %8, align 8, !tbaa !9
  %18 = load ptr, ptr %7, align 8, !tbaa !9
  call void @smooth(i64 noundef %16, ptr noundef %17, ptr noundef %18)
  %19 = load i64, ptr %6, align 8, !tbaa !5
  %20 = load ptr, ptr %7, align 8, !tbaa !9
  %21 = load ptr, ptr %8, align 8, !tbaa !9
  call void @smooth(i64 noundef %19, ptr noundef %20, ptr noundef %21)
  br label %22

22:                                               ; preds = %15
  %23 = load i64, ptr %9, align 8, !tbaa !5
  %24 = add nsw i64 %23, 1
  store i64 %24, ptr %9, align 8, !tbaa !5
  br label %10, !llvm.loop !11

25:                                               ; preds = %14
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define internal void @smooth(i64 noundef %0, ptr noalias noundef %1, ptr noalias noundef %2) #0 {
  %4 = alloca i64, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i64, align 8
  store i64 %0, ptr %4, align 8, !tbaa !5
  store ptr %1, ptr %5, align 8, !tbaa !9
  store ptr %2, ptr %6, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %7) #2
  store i64 1, ptr %7, align 8, !tbaa !5
  br label %8

8:                                                ; preds = %35, %3
  %9 = load i64, ptr %7, align 8, !tbaa !5
  %10 = load i64, ptr %4, align 8, !tbaa !5
  %11 = sub nsw i64 %10, 1
  %12 = icmp slt i64 %9, %11
  br i1 %12, label %14, label %13

13:                                               ; preds = %8
  call void @llvm.lifetime.end.p0(i64 8, ptr %7) #2
  br label %38

14:                                               ; preds = %8
  %15 = load ptr, ptr %6, align 8, !tbaa !9
  %16 = load i64, ptr %7, align 8, !tbaa !5
  %17 = sub nsw i64 %16, 1
  %18 = getelementptr inbounds double, ptr %15, i64 %17
  %19 = load double, ptr %18, align 8, !tbaa !13
  %20 = load ptr, ptr %6, align 8, !tbaa !9
  %21 = load i64, ptr %7, align 8, !tbaa !5
  %22 = getelementptr inbounds double, ptr %20, i64 %21
  %23 = load double, ptr %22, align 8, !tbaa !13
  %24 = fadd double %19, %23
  %25 = load ptr, ptr %6, align 8, !tbaa !9
  %26 = load i64, ptr %7, align 8, !tbaa !5
  %27 = add nsw i64 %26, 1
  %28 = getelementptr inbounds double, ptr %25, i64 %27
  %29 = load double, ptr %28, align 8, !tbaa !13
  %30 = fadd double %24, %29
  %31 = fdiv double %30, 3.000000e+00
  %32 = load ptr, ptr %5, align 8, !tbaa !9
  %33 = load i64, ptr %7, align 8, !tbaa !5
  %34 = getelementptr inbounds double, ptr %32, i64 %33
  store double %31, ptr %34, align 8, !tbaa !13
  br label %35

35:                                               ; preds = %14
  %36 = load i64, ptr %7, align 8, !tbaa !5
  %37 = add nsw i64 %36, 1
  store i64 %37, ptr %7, align 8, !tbaa !5
  br label %8, !llvm.loop !15

38:                                               ; preds = %13
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
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!14, !14, i64 0}
!14 = !{!"double", !7, i64 0}
!15 = distinct !{!15, !12}
