; // A recursive function with a loop after its base case (a merge step): its
; // calls of itself in the plain body call the plain body, so the entry test
; // runs once, at the outermost call, not at every level of the recursion (where
; // it also cost the base case its shrink-wrapped prologue: 1.22x the plain
; // build's instructions).
; void combine(double *a, const double *t, unsigned long n) {
;   if (n < 2)
;     return;
;   unsigned long h = n / 2;
;   combine(a, t, h);
;   combine(a + h, t, n - h);
;   for (unsigned long k = 0; k < n; k++)
;     a[k] += t[k];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @combine(
; CHECK-NEXT:  oc.dispatch:
; CHECK:         load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK:       oc.plain:
; CHECK-NEXT:    tail call fastcc void @combine.outcore.plain(
; CHECK:       oc.hinted:
; CHECK-NEXT:    tail call fastcc void @combine.outcore.transformed(
;
; The plain body calls itself, past the test:
; CHECK-LABEL: define internal fastcc void @combine.outcore.plain(
; CHECK-NOT:     @oc_
; CHECK-NOT:     call {{.*}} @combine(
; CHECK:         tail call fastcc void @combine.outcore.plain(
; CHECK-NOT:     @oc_
; CHECK-NOT:     call {{.*}} @combine(
; CHECK:         tail call fastcc void @combine.outcore.plain(
; CHECK-NOT:     @oc_
; CHECK:       }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @combine(ptr noundef %0, ptr noundef %1, i64 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca i64, align 8
  %7 = alloca i64, align 8
  %8 = alloca i64, align 8
  store ptr %0, ptr %4, align 8, !tbaa !5
  store ptr %1, ptr %5, align 8, !tbaa !5
  store i64 %2, ptr %6, align 8, !tbaa !9
  %9 = load i64, ptr %6, align 8, !tbaa !9
  %10 = icmp ult i64 %9, 2
  br i1 %10, label %11, label %12

11:                                               ; preds = %3
  br label %44

12:                                               ; preds = %3
  call void @llvm.lifetime.start.p0(i64 8, ptr %7) #2
  %13 = load i64, ptr %6, align 8, !tbaa !9
  %14 = udiv i64 %13, 2
  store i64 %14, ptr %7, align 8, !tbaa !9
  %15 = load ptr, ptr %4, align 8, !tbaa !5
  %16 = load ptr, ptr %5, align 8, !tbaa !5
  %17 = load i64, ptr %7, align 8, !tbaa !9
  call void @combine(ptr noundef %15, ptr noundef %16, i64 noundef %17)
  %18 = load ptr, ptr %4, align 8, !tbaa !5
  %19 = load i64, ptr %7, align 8, !tbaa !9
  %20 = getelementptr inbounds double, ptr %18, i64 %19
  %21 = load ptr, ptr %5, align 8, !tbaa !5
  %22 = load i64, ptr %6, align 8, !tbaa !9
  %23 = load i64, ptr %7, align 8, !tbaa !9
  %24 = sub i64 %22, %23
  call void @combine(ptr noundef %20, ptr noundef %21, i64 noundef %24)
  call void @llvm.lifetime.start.p0(i64 8, ptr %8) #2
  store i64 0, ptr %8, align 8, !tbaa !9
  br label %25

25:                                               ; preds = %40, %12
  %26 = load i64, ptr %8, align 8, !tbaa !9
  %27 = load i64, ptr %6, align 8, !tbaa !9
  %28 = icmp ult i64 %26, %27
  br i1 %28, label %30, label %29

29:                                               ; preds = %25
  call void @llvm.lifetime.end.p0(i64 8, ptr %8) #2
  br label %43

30:                                               ; preds = %25
  %31 = load ptr, ptr %5, align 8, !tbaa !5
  %32 = load i64, ptr %8, align 8, !tbaa !9
  %33 = getelementptr inbounds double, ptr %31, i64 %32
  %34 = load double, ptr %33, align 8, !tbaa !11
  %35 = load ptr, ptr %4, align 8, !tbaa !5
  %36 = load i64, ptr %8, align 8, !tbaa !9
  %37 = getelementptr inbounds double, ptr %35, i64 %36
  %38 = load double, ptr %37, align 8, !tbaa !11
  %39 = fadd double %38, %34
  store double %39, ptr %37, align 8, !tbaa !11
  br label %40

40:                                               ; preds = %30
  %41 = load i64, ptr %8, align 8, !tbaa !9
  %42 = add i64 %41, 1
  store i64 %42, ptr %8, align 8, !tbaa !9
  br label %25, !llvm.loop !13

43:                                               ; preds = %29
  call void @llvm.lifetime.end.p0(i64 8, ptr %7) #2
  br label %44

44:                                               ; preds = %43, %11
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
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
