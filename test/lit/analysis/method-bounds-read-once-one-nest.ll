; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,print<outcore-locality>)' -disable-output %s 2>&1 | FileCheck %s
;
; A method's loops run to the object's fields: `ny` is read again on every row,
; and outcore-prepare moves it out of the loops with the array pointers
; (`this` is dereferenceable, so the read is safe before them). The rows and
; their elements are one nest of two loops, indexed [row][element]; left in the
; row loop, `ny` had made each row a nest of its own, its fit test made once
; per row.
; CHECK:      Nest 0 (Polly SCoP), 2 loops, 3 references
; CHECK:        ref arg0[i0 - 1][i1] (read, 8 B elements)
; CHECK:        ref arg0[i0 + 1][i1] (read, 8 B elements)
; CHECK:        ref arg0[i0][i1] (write, 8 B elements)
; CHECK-NOT:  Nest 1
;
; Made with clang++ -O2 -Xclang -disable-llvm-passes.
;
; struct Grid {
;   int nx, ny;
;   double *u, *v;
;   void smooth();
; };
; 
; void Grid::smooth() {
;   for (int i = 1; i < nx - 1; i++)
;     for (int j = 1; j < ny - 1; j++)
;       v[(long)i * ny + j] = 0.5 * (u[(long)(i - 1) * ny + j] + u[(long)(i + 1) * ny + j]);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Grid = type { i32, i32, ptr, ptr }

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_ZN4Grid6smoothEv(ptr noundef nonnull align 8 dereferenceable(24) %0) #0 align 2 {
  %2 = alloca ptr, align 8
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store ptr %0, ptr %2, align 8, !tbaa !5
  %6 = load ptr, ptr %2, align 8
  call void @llvm.lifetime.start.p0(i64 4, ptr %3) #2
  store i32 1, ptr %3, align 4, !tbaa !9
  br label %7

7:                                                ; preds = %69, %1
  %8 = load i32, ptr %3, align 4, !tbaa !9
  %9 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 0
  %10 = load i32, ptr %9, align 8, !tbaa !11
  %11 = sub nsw i32 %10, 1
  %12 = icmp slt i32 %8, %11
  br i1 %12, label %14, label %13

13:                                               ; preds = %7
  store i32 2, ptr %4, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %3) #2
  br label %72

14:                                               ; preds = %7
  call void @llvm.lifetime.start.p0(i64 4, ptr %5) #2
  store i32 1, ptr %5, align 4, !tbaa !9
  br label %15

15:                                               ; preds = %65, %14
  %16 = load i32, ptr %5, align 4, !tbaa !9
  %17 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 1
  %18 = load i32, ptr %17, align 4, !tbaa !13
  %19 = sub nsw i32 %18, 1
  %20 = icmp slt i32 %16, %19
  br i1 %20, label %22, label %21

21:                                               ; preds = %15
  store i32 5, ptr %4, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %5) #2
  br label %68

22:                                               ; preds = %15
  %23 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 2
  %24 = load ptr, ptr %23, align 8, !tbaa !14
  %25 = load i32, ptr %3, align 4, !tbaa !9
  %26 = sub nsw i32 %25, 1
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 1
  %29 = load i32, ptr %28, align 4, !tbaa !13
  %30 = sext i32 %29 to i64
  %31 = mul nsw i64 %27, %30
  %32 = load i32, ptr %5, align 4, !tbaa !9
  %33 = sext i32 %32 to i64
  %34 = add nsw i64 %31, %33
  %35 = getelementptr inbounds double, ptr %24, i64 %34
  %36 = load double, ptr %35, align 8, !tbaa !15
  %37 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 2
  %38 = load ptr, ptr %37, align 8, !tbaa !14
  %39 = load i32, ptr %3, align 4, !tbaa !9
  %40 = add nsw i32 %39, 1
  %41 = sext i32 %40 to i64
  %42 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 1
  %43 = load i32, ptr %42, align 4, !tbaa !13
  %44 = sext i32 %43 to i64
  %45 = mul nsw i64 %41, %44
  %46 = load i32, ptr %5, align 4, !tbaa !9
  %47 = sext i32 %46 to i64
  %48 = add nsw i64 %45, %47
  %49 = getelementptr inbounds double, ptr %38, i64 %48
  %50 = load double, ptr %49, align 8, !tbaa !15
  %51 = fadd double %36, %50
  %52 = fmul double 5.000000e-01, %51
  %53 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 3
  %54 = load ptr, ptr %53, align 8, !tbaa !17
  %55 = load i32, ptr %3, align 4, !tbaa !9
  %56 = sext i32 %55 to i64
  %57 = getelementptr inbounds %struct.Grid, ptr %6, i32 0, i32 1
  %58 = load i32, ptr %57, align 4, !tbaa !13
  %59 = sext i32 %58 to i64
  %60 = mul nsw i64 %56, %59
  %61 = load i32, ptr %5, align 4, !tbaa !9
  %62 = sext i32 %61 to i64
  %63 = add nsw i64 %60, %62
  %64 = getelementptr inbounds double, ptr %54, i64 %63
  store double %52, ptr %64, align 8, !tbaa !15
  br label %65

65:                                               ; preds = %22
  %66 = load i32, ptr %5, align 4, !tbaa !9
  %67 = add nsw i32 %66, 1
  store i32 %67, ptr %5, align 4, !tbaa !9
  br label %15, !llvm.loop !18

68:                                               ; preds = %21
  br label %69

69:                                               ; preds = %68
  %70 = load i32, ptr %3, align 4, !tbaa !9
  %71 = add nsw i32 %70, 1
  store i32 %71, ptr %3, align 4, !tbaa !9
  br label %7, !llvm.loop !20

72:                                               ; preds = %13
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !7, i64 0}
!11 = !{!12, !10, i64 0}
!12 = !{!"_ZTS4Grid", !10, i64 0, !10, i64 4, !6, i64 8, !6, i64 16}
!13 = !{!12, !10, i64 4}
!14 = !{!12, !6, i64 8}
!15 = !{!16, !16, i64 0}
!16 = !{!"double", !7, i64 0}
!17 = !{!12, !6, i64 16}
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.mustprogress"}
!20 = distinct !{!20, !19}
