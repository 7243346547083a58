; // A transformed function that returns a small struct through memory (the C
; // ABI's sret): its transformed copy returns the struct as a value, and the
; // function stores it where its caller asked. Inlined into a caller, the
; // result then merges with the plain body's as values; read back from memory
; // side by side, its fields had seeded the SLP vectorizer, which turned the
; // plain loop's recurrences into vector selects (1.30x plain's instructions).
; typedef struct { double sum, max; long count; } stats;
; stats scan(const double *a, long n) {
;   stats s = {0, -1e300, 0};
;   for (long i = 0; i < n; i++) {
;     s.sum += a[i];
;     if (a[i] > s.max)
;       s.max = a[i];
;     s.count++;
;   }
;   return s;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @scan(ptr {{.*}}sret(%struct.stats){{.*}} %arg0,
; CHECK:       oc.hinted:
; CHECK-NEXT:    %[[R:.*]] = tail call fastcc { double, double, i64 } @scan.outcore.transformed(ptr nocapture noundef readonly %arg1, i64 noundef %arg2)
; CHECK-DAG:     extractvalue { double, double, i64 } %[[R]], 0
; CHECK-DAG:     extractvalue { double, double, i64 } %[[R]], 1
; CHECK-DAG:     extractvalue { double, double, i64 } %[[R]], 2
; CHECK:         store double %{{.*}}, ptr %arg0
;
; The copy writes the struct into a slot of its own frame and returns it:
; CHECK-LABEL: define internal fastcc { double, double, i64 } @scan.outcore.transformed(ptr
; CHECK:         %oc.result = alloca %struct.stats
; CHECK:         ret { double, double, i64 }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.stats = type { double, double, i64 }

@__const.scan.s = private unnamed_addr constant %struct.stats { double 0.000000e+00, double -1.000000e+300, i64 0 }, align 8

; Function Attrs: nounwind uwtable
define dso_local void @scan(ptr dead_on_unwind noalias writable sret(%struct.stats) align 8 %0, ptr noundef %1, i64 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  store ptr %1, ptr %4, align 8, !tbaa !5
  store i64 %2, ptr %5, align 8, !tbaa !9
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %0, ptr align 8 @__const.scan.s, i64 24, i1 false)
  call void @llvm.lifetime.start.p0(i64 8, ptr %6) #3
  store i64 0, ptr %6, align 8, !tbaa !9
  br label %7

7:                                                ; preds = %37, %3
  %8 = load i64, ptr %6, align 8, !tbaa !9
  %9 = load i64, ptr %5, align 8, !tbaa !9
  %10 = icmp slt i64 %8, %9
  br i1 %10, label %12, label %11

11:                                               ; preds = %7
  call void @llvm.lifetime.end.p0(i64 8, ptr %6) #3
  br label %40

12:                                               ; preds = %7
  %13 = load ptr, ptr %4, align 8, !tbaa !5
  %14 = load i64, ptr %6, align 8, !tbaa !9
  %15 = getelementptr inbounds double, ptr %13, i64 %14
  %16 = load double, ptr %15, align 8, !tbaa !11
  %17 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 0
  %18 = load double, ptr %17, align 8, !tbaa !13
  %19 = fadd double %18, %16
  store double %19, ptr %17, align 8, !tbaa !13
  %20 = load ptr, ptr %4, align 8, !tbaa !5
  %21 = load i64, ptr %6, align 8, !tbaa !9
  %22 = getelementptr inbounds double, ptr %20, i64 %21
  %23 = load double, ptr %22, align 8, !tbaa !11
  %24 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 1
  %25 = load double, ptr %24, align 8, !tbaa !15
  %26 = fcmp ogt double %23, %25
  br i1 %26, label %27, label %33

27:                                               ; preds = %12
  %28 = load ptr, ptr %4, align 8, !tbaa !5
  %29 = load i64, ptr %6, align 8, !tbaa !9
  %30 = getelementptr inbounds double, ptr %28, i64 %29
  %31 = load double, ptr %30, align 8, !tbaa !11
  %32 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 1
  store double %31, ptr %32, align 8, !tbaa !15
  br label %33

33:                                               ; preds = %27, %12
  %34 = getelementptr inbounds %struct.stats, ptr %0, i32 0, i32 2
  %35 = load i64, ptr %34, align 8, !tbaa !16
  %36 = add nsw i64 %35, 1
  store i64 %36, ptr %34, align 8, !tbaa !16
  br label %37

37:                                               ; preds = %33
  %38 = load i64, ptr %6, align 8, !tbaa !9
  %39 = add nsw i64 %38, 1
  store i64 %39, ptr %6, align 8, !tbaa !9
  br label %7, !llvm.loop !17

40:                                               ; preds = %11
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
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
!13 = !{!14, !12, i64 0}
!14 = !{!"", !12, i64 0, !12, i64 8, !10, i64 16}
!15 = !{!14, !12, i64 8}
!16 = !{!14, !10, i64 16}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
