; // A struct that knows its own address (C++ constructs the result in the
; // caller's slot) stays in memory: copied out of a slot of the transformed
; // copy's frame, its pointer would name that dead frame.
; struct ring { ring *self; double sum; long count; };
; extern "C" ring total(const double *a, long n) {
;   ring r;
;   r.self = &r;
;   r.sum = 0;
;   r.count = n;
;   for (long i = 0; i < n; i++)
;     r.sum += a[i];
;   return r;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @total(ptr {{.*}}sret(%struct.ring){{.*}} %arg0,
; CHECK:       oc.hinted:
; CHECK-NEXT:    tail call fastcc void @total.outcore.transformed(ptr {{.*}}sret(%struct.ring){{.*}} %arg0, ptr nocapture noundef readonly %arg1, i64 noundef %arg2)
; CHECK-LABEL: define internal fastcc void @total.outcore.transformed(ptr {{.*}}sret(%struct.ring)
; CHECK-NOT:     %oc.result
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ring = type { ptr, double, i64 }

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @total(ptr dead_on_unwind noalias writable sret(%struct.ring) align 8 %0, ptr noundef %1, i64 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  store ptr %1, ptr %4, align 8, !tbaa !5
  store i64 %2, ptr %5, align 8, !tbaa !9
  %7 = getelementptr inbounds %struct.ring, ptr %0, i32 0, i32 0
  store ptr %0, ptr %7, align 8, !tbaa !11
  %8 = getelementptr inbounds %struct.ring, ptr %0, i32 0, i32 1
  store double 0.000000e+00, ptr %8, align 8, !tbaa !14
  %9 = load i64, ptr %5, align 8, !tbaa !9
  %10 = getelementptr inbounds %struct.ring, ptr %0, i32 0, i32 2
  store i64 %9, ptr %10, align 8, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 8, ptr %6) #2
  store i64 0, ptr %6, align 8, !tbaa !9
  br label %11

11:                                               ; preds = %24, %3
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = load i64, ptr %5, align 8, !tbaa !9
  %14 = icmp slt i64 %12, %13
  br i1 %14, label %16, label %15

15:                                               ; preds = %11
  call void @llvm.lifetime.end.p0(i64 8, ptr %6) #2
  br label %27

16:                                               ; preds = %11
  %17 = load ptr, ptr %4, align 8, !tbaa !5
  %18 = load i64, ptr %6, align 8, !tbaa !9
  %19 = getelementptr inbounds double, ptr %17, i64 %18
  %20 = load double, ptr %19, align 8, !tbaa !16
  %21 = getelementptr inbounds %struct.ring, ptr %0, i32 0, i32 1
  %22 = load double, ptr %21, align 8, !tbaa !14
  %23 = fadd double %22, %20
  store double %23, ptr %21, align 8, !tbaa !14
  br label %24

24:                                               ; preds = %16
  %25 = load i64, ptr %6, align 8, !tbaa !9
  %26 = add nsw i64 %25, 1
  store i64 %26, ptr %6, align 8, !tbaa !9
  br label %11, !llvm.loop !17

27:                                               ; preds = %15
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
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !6, i64 0}
!12 = !{!"_ZTS4ring", !6, i64 0, !13, i64 8, !10, i64 16}
!13 = !{!"double", !7, i64 0}
!14 = !{!12, !13, i64 8}
!15 = !{!12, !10, i64 16}
!16 = !{!13, !13, i64 0}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
