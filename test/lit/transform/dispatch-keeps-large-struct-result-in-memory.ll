; // A struct too large to come back in registers (16 doubles and a count) stays
; // in memory: the transformed copy takes the caller's sret slot as the
; // function does, and the function forwards it.
; typedef struct { double bins[16]; long count; } histogram;
; histogram bin(const double *a, long n) {
;   histogram h = {{0}, 0};
;   for (long i = 0; i < n; i++) {
;     h.bins[(long)a[i] & 15] += a[i];
;     h.count++;
;   }
;   return h;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @bin(ptr {{.*}}sret(%struct.histogram){{.*}} %arg0,
; CHECK:       oc.hinted:
; CHECK-NEXT:    tail call fastcc void @bin.outcore.transformed(ptr {{.*}}sret(%struct.histogram){{.*}} %arg0, ptr nocapture noundef readonly %arg1, i64 noundef %arg2)
; CHECK-LABEL: define internal fastcc void @bin.outcore.transformed(ptr {{.*}}sret(%struct.histogram)
; CHECK-NOT:     %oc.result
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.histogram = type { [16 x double], i64 }

; Function Attrs: nounwind uwtable
define dso_local void @bin(ptr dead_on_unwind noalias writable sret(%struct.histogram) align 8 %0, ptr noundef %1, i64 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  store ptr %1, ptr %4, align 8, !tbaa !5
  store i64 %2, ptr %5, align 8, !tbaa !9
  call void @llvm.memset.p0.i64(ptr align 8 %0, i8 0, i64 136, i1 false)
  call void @llvm.lifetime.start.p0(i64 8, ptr %6) #3
  store i64 0, ptr %6, align 8, !tbaa !9
  br label %7

7:                                                ; preds = %30, %3
  %8 = load i64, ptr %6, align 8, !tbaa !9
  %9 = load i64, ptr %5, align 8, !tbaa !9
  %10 = icmp slt i64 %8, %9
  br i1 %10, label %12, label %11

11:                                               ; preds = %7
  call void @llvm.lifetime.end.p0(i64 8, ptr %6) #3
  br label %33

12:                                               ; preds = %7
  %13 = load ptr, ptr %4, align 8, !tbaa !5
  %14 = load i64, ptr %6, align 8, !tbaa !9
  %15 = getelementptr inbounds double, ptr %13, i64 %14
  %16 = load double, ptr %15, align 8, !tbaa !11
  %17 = getelementptr inbounds %struct.histogram, ptr %0, i32 0, i32 0
  %18 = load ptr, ptr %4, align 8, !tbaa !5
  %19 = load i64, ptr %6, align 8, !tbaa !9
  %20 = getelementptr inbounds double, ptr %18, i64 %19
  %21 = load double, ptr %20, align 8, !tbaa !11
  %22 = fptosi double %21 to i64
  %23 = and i64 %22, 15
  %24 = getelementptr inbounds [16 x double], ptr %17, i64 0, i64 %23
  %25 = load double, ptr %24, align 8, !tbaa !11
  %26 = fadd double %25, %16
  store double %26, ptr %24, align 8, !tbaa !11
  %27 = getelementptr inbounds %struct.histogram, ptr %0, i32 0, i32 1
  %28 = load i64, ptr %27, align 8, !tbaa !13
  %29 = add nsw i64 %28, 1
  store i64 %29, ptr %27, align 8, !tbaa !13
  br label %30

30:                                               ; preds = %12
  %31 = load i64, ptr %6, align 8, !tbaa !9
  %32 = add nsw i64 %31, 1
  store i64 %32, ptr %6, align 8, !tbaa !9
  br label %7, !llvm.loop !15

33:                                               ; preds = %11
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
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
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = !{!14, !10, i64 128}
!14 = !{!"", !7, i64 0, !10, i64 128}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
