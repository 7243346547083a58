; // A static function that sets up its caller's object (stores the object's
; // array pointer), called once: no entry dispatch. A call of its transformed body with &g would keep g in
; // memory and its fields unknown in main; with the fit tests nest by nest, main
; // inlines the setup, g's fields are values, and main's loop has a constant bound.
; #include <stdlib.h>
; typedef struct { long n; double *u; } Grid;
; static void grid_init(Grid *g, long n) {
;   g->n = n;
;   g->u = malloc(n * sizeof(double));
;   for (long i = 0; i < n; i++)
;     g->u[i] = 1.0 / (double)(i + 1);
; }
; int main(void) {
;   Grid g;
;   grid_init(&g, 100000);
;   double s = 0;
;   for (long i = 0; i < g.n; i++)
;     s += g.u[i];
;   return (int)s;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local i32 @main()
; CHECK-NOT:     alloca %struct.Grid
; CHECK-NOT:     outcore.transformed
; CHECK:         call fastcc void @grid_init.outcore.hinted.0(
; CHECK:         call fastcc void @main.outcore.hinted.0(i64 100000,
; CHECK-NOT:   define {{.*}}@grid_init.outcore.transformed(
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Grid = type { i64, ptr }

; Function Attrs: nounwind uwtable
define dso_local i32 @main() #0 {
entry:
  %retval = alloca i32, align 4
  %g = alloca %struct.Grid, align 8
  %s = alloca double, align 8
  %i = alloca i64, align 8
  store i32 0, ptr %retval, align 4
  call void @llvm.lifetime.start.p0(i64 16, ptr %g) #3
  call void @grid_init(ptr noundef %g, i64 noundef 100000)
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store double 0.000000e+00, ptr %s, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 0, ptr %i, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !9
  %n = getelementptr inbounds %struct.Grid, ptr %g, i32 0, i32 0
  %1 = load i64, ptr %n, align 8, !tbaa !11
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %u = getelementptr inbounds %struct.Grid, ptr %g, i32 0, i32 1
  %2 = load ptr, ptr %u, align 8, !tbaa !14
  %3 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds double, ptr %2, i64 %3
  %4 = load double, ptr %arrayidx, align 8, !tbaa !5
  %5 = load double, ptr %s, align 8, !tbaa !5
  %add = fadd double %5, %4
  store double %add, ptr %s, align 8, !tbaa !5
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i64, ptr %i, align 8, !tbaa !9
  %inc = add nsw i64 %6, 1
  store i64 %inc, ptr %i, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !15

for.end:                                          ; preds = %for.cond.cleanup
  %7 = load double, ptr %s, align 8, !tbaa !5
  %conv = fptosi double %7 to i32
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  call void @llvm.lifetime.end.p0(i64 16, ptr %g) #3
  ret i32 %conv
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define internal void @grid_init(ptr noundef %g, i64 noundef %n) #0 {
entry:
  %g.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %i = alloca i64, align 8
  store ptr %g, ptr %g.addr, align 8, !tbaa !17
  store i64 %n, ptr %n.addr, align 8, !tbaa !9
  %0 = load i64, ptr %n.addr, align 8, !tbaa !9
  %1 = load ptr, ptr %g.addr, align 8, !tbaa !17
  %n1 = getelementptr inbounds %struct.Grid, ptr %1, i32 0, i32 0
  store i64 %0, ptr %n1, align 8, !tbaa !11
  %2 = load i64, ptr %n.addr, align 8, !tbaa !9
  %mul = mul i64 %2, 8
  %call = call noalias ptr @malloc(i64 noundef %mul) #4
  %3 = load ptr, ptr %g.addr, align 8, !tbaa !17
  %u = getelementptr inbounds %struct.Grid, ptr %3, i32 0, i32 1
  store ptr %call, ptr %u, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 0, ptr %i, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %4 = load i64, ptr %i, align 8, !tbaa !9
  %5 = load i64, ptr %n.addr, align 8, !tbaa !9
  %cmp = icmp slt i64 %4, %5
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %6 = load i64, ptr %i, align 8, !tbaa !9
  %add = add nsw i64 %6, 1
  %conv = sitofp i64 %add to double
  %div = fdiv double 1.000000e+00, %conv
  %7 = load ptr, ptr %g.addr, align 8, !tbaa !17
  %u2 = getelementptr inbounds %struct.Grid, ptr %7, i32 0, i32 1
  %8 = load ptr, ptr %u2, align 8, !tbaa !14
  %9 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds double, ptr %8, i64 %9
  store double %div, ptr %arrayidx, align 8, !tbaa !5
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i64, ptr %i, align 8, !tbaa !9
  %inc = add nsw i64 %10, 1
  store i64 %inc, ptr %i, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !18

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind allocsize(0)
declare noalias ptr @malloc(i64 noundef) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind allocsize(0) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }
attributes #4 = { nounwind allocsize(0) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !10, i64 0}
!12 = !{!"", !10, i64 0, !13, i64 8}
!13 = !{!"any pointer", !7, i64 0}
!14 = !{!12, !13, i64 8}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = !{!13, !13, i64 0}
!18 = distinct !{!18, !16}
