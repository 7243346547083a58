; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare),outcore-inline-loop-callees,function(print<outcore-locality>)' -disable-output %s 2>&1 | FileCheck %s
;
; A smoother taking the caller's local object (by a `restrict` pointer), called
; in a time loop, is inlined there as clang's inliner would inline it: the time
; loop and both sweeps are one nest, whose fit test stands for all of them, and
; the object never has its address taken by a call of a transformed body. The
; scopes of `restrict` that inlining declares in the loop go with their
; declarations, which Polly cannot model.
; CHECK:      Outcore locality for function 'relax'
; CHECK-NEXT: Nest 0 (Polly SCoP), 3 loops, 6 references
; CHECK-NOT:  Nest 1
; CHECK:      Outcore locality for function 'smooth'
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
; struct rod {
;   long n;
;   double *u, *v;
; };
; 
; static void smooth(struct rod *restrict r) {
;   for (long i = 1; i < r->n - 1; i++)
;     r->v[i] = (r->u[i - 1] + r->u[i] + r->u[i + 1]) / 3.0;
;   for (long i = 1; i < r->n - 1; i++)
;     r->u[i] = r->v[i];
; }
; 
; void relax(long steps, long n, double *u, double *v) {
;   struct rod r = {n, u, v};
;   for (long t = 0; t < steps; t++)
;     smooth(&r);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.rod = type { i64, ptr, ptr }

; Function Attrs: nounwind uwtable
define dso_local void @relax(i64 noundef %0, i64 noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca %struct.rod, align 8
  %10 = alloca i64, align 8
  store i64 %0, ptr %5, align 8, !tbaa !5
  store i64 %1, ptr %6, align 8, !tbaa !5
  store ptr %2, ptr %7, align 8, !tbaa !9
  store ptr %3, ptr %8, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 24, ptr %9) #2
  %11 = getelementptr inbounds %struct.rod, ptr %9, i32 0, i32 0
  %12 = load i64, ptr %6, align 8, !tbaa !5
  store i64 %12, ptr %11, align 8, !tbaa !11
  %13 = getelementptr inbounds %struct.rod, ptr %9, i32 0, i32 1
  %14 = load ptr, ptr %7, align 8, !tbaa !9
  store ptr %14, ptr %13, align 8, !tbaa !13
  %15 = getelementptr inbounds %struct.rod, ptr %9, i32 0, i32 2
  %16 = load ptr, ptr %8, align 8, !tbaa !9
  store ptr %16, ptr %15, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 8, ptr %10) #2
  store i64 0, ptr %10, align 8, !tbaa !5
  br label %17

17:                                               ; preds = %23, %4
  %18 = load i64, ptr %10, align 8, !tbaa !5
  %19 = load i64, ptr %5, align 8, !tbaa !5
  %20 = icmp slt i64 %18, %19
  br i1 %20, label %22, label %21

21:                                               ; preds = %17
  call void @llvm.lifetime.end.p0(i64 8, ptr %10) #2
  br label %26

22:                                               ; preds = %17
  call void @smooth(ptr noundef %9)
  br label %23

23:                                               ; preds = %22
  %24 = load i64, ptr %10, align 8, !tbaa !5
  %25 = add nsw i64 %24, 1
  store i64 %25, ptr %10, align 8, !tbaa !5
  br label %17, !llvm.loop !15

26:                                               ; preds = %21
  call void @llvm.lifetime.end.p0(i64 24, ptr %9) #2
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define internal void @smooth(ptr noalias noundef %0) #0 {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %3) #2
  store i64 1, ptr %3, align 8, !tbaa !5
  br label %5

5:                                                ; preds = %42, %1
  %6 = load i64, ptr %3, align 8, !tbaa !5
  %7 = load ptr, ptr %2, align 8, !tbaa !9
  %8 = getelementptr inbounds %struct.rod, ptr %7, i32 0, i32 0
  %9 = load i64, ptr %8, align 8, !tbaa !11
  %10 = sub nsw i64 %9, 1
  %11 = icmp slt i64 %6, %10
  br i1 %11, label %13, label %12

12:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(i64 8, ptr %3) #2
  br label %45

13:                                               ; preds = %5
  %14 = load ptr, ptr %2, align 8, !tbaa !9
  %15 = getelementptr inbounds %struct.rod, ptr %14, i32 0, i32 1
  %16 = load ptr, ptr %15, align 8, !tbaa !13
  %17 = load i64, ptr %3, align 8, !tbaa !5
  %18 = sub nsw i64 %17, 1
  %19 = getelementptr inbounds double, ptr %16, i64 %18
  %20 = load double, ptr %19, align 8, !tbaa !17
  %21 = load ptr, ptr %2, align 8, !tbaa !9
  %22 = getelementptr inbounds %struct.rod, ptr %21, i32 0, i32 1
  %23 = load ptr, ptr %22, align 8, !tbaa !13
  %24 = load i64, ptr %3, align 8, !tbaa !5
  %25 = getelementptr inbounds double, ptr %23, i64 %24
  %26 = load double, ptr %25, align 8, !tbaa !17
  %27 = fadd double %20, %26
  %28 = load ptr, ptr %2, align 8, !tbaa !9
  %29 = getelementptr inbounds %struct.rod, ptr %28, i32 0, i32 1
  %30 = load ptr, ptr %29, align 8, !tbaa !13
  %31 = load i64, ptr %3, align 8, !tbaa !5
  %32 = add nsw i64 %31, 1
  %33 = getelementptr inbounds double, ptr %30, i64 %32
  %34 = load double, ptr %33, align 8, !tbaa !17
  %35 = fadd double %27, %34
  %36 = fdiv double %35, 3.000000e+00
  %37 = load ptr, ptr %2, align 8, !tbaa !9
  %38 = getelementptr inbounds %struct.rod, ptr %37, i32 0, i32 2
  %39 = load ptr, ptr %38, align 8, !tbaa !14
  %40 = load i64, ptr %3, align 8, !tbaa !5
  %41 = getelementptr inbounds double, ptr %39, i64 %40
  store double %36, ptr %41, align 8, !tbaa !17
  br label %42

42:                                               ; preds = %13
  %43 = load i64, ptr %3, align 8, !tbaa !5
  %44 = add nsw i64 %43, 1
  store i64 %44, ptr %3, align 8, !tbaa !5
  br label %5, !llvm.loop !19

45:                                               ; preds = %12
  call void @llvm.lifetime.start.p0(i64 8, ptr %4) #2
  store i64 1, ptr %4, align 8, !tbaa !5
  br label %46

46:                                               ; preds = %66, %45
  %47 = load i64, ptr %4, align 8, !tbaa !5
  %48 = load ptr, ptr %2, align 8, !tbaa !9
  %49 = getelementptr inbounds %struct.rod, ptr %48, i32 0, i32 0
  %50 = load i64, ptr %49, align 8, !tbaa !11
  %51 = sub nsw i64 %50, 1
  %52 = icmp slt i64 %47, %51
  br i1 %52, label %54, label %53

53:                                               ; preds = %46
  call void @llvm.lifetime.end.p0(i64 8, ptr %4) #2
  br label %69

54:                                               ; preds = %46
  %55 = load ptr, ptr %2, align 8, !tbaa !9
  %56 = getelementptr inbounds %struct.rod, ptr %55, i32 0, i32 2
  %57 = load ptr, ptr %56, align 8, !tbaa !14
  %58 = load i64, ptr %4, align 8, !tbaa !5
  %59 = getelementptr inbounds double, ptr %57, i64 %58
  %60 = load double, ptr %59, align 8, !tbaa !17
  %61 = load ptr, ptr %2, align 8, !tbaa !9
  %62 = getelementptr inbounds %struct.rod, ptr %61, i32 0, i32 1
  %63 = load ptr, ptr %62, align 8, !tbaa !13
  %64 = load i64, ptr %4, align 8, !tbaa !5
  %65 = getelementptr inbounds double, ptr %63, i64 %64
  store double %60, ptr %65, align 8, !tbaa !17
  br label %66

66:                                               ; preds = %54
  %67 = load i64, ptr %4, align 8, !tbaa !5
  %68 = add nsw i64 %67, 1
  store i64 %68, ptr %4, align 8, !tbaa !5
  br label %46, !llvm.loop !20

69:                                               ; preds = %53
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
!11 = !{!12, !6, i64 0}
!12 = !{!"rod", !6, i64 0, !10, i64 8, !10, i64 16}
!13 = !{!12, !10, i64 8}
!14 = !{!12, !10, i64 16}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = !{!18, !18, i64 0}
!18 = !{!"double", !7, i64 0}
!19 = distinct !{!19, !16}
!20 = distinct !{!20, !16}
