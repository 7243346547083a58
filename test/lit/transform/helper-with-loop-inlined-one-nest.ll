; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks-analysis=outcore -S %s 2>&1 | FileCheck %s
;
; dot has a loop of its own and calls nothing: a leaf helper, inlined where a
; loop calls it (as clang's inliner would later). The row loop and dot's loop
; are then one nest, in which x is reused by every row (priority 1) while the
; rows of a stream past once; dot alone would see no reuse of x and release it
; after each call. The call outside any loop stays.
; CALL: remark: {{.*}}loop nest not transformed: the loop calls 'dot', which may access memory the analysis cannot see
; CHECK: remark: {{.*}}reference a[i][j]: a temporal reuse in loops none, spatial reuse in loops 1
; CHECK: remark: {{.*}}reference x[j]: x temporal reuse in loops 0, spatial reuse in loops 1, {{.*}} priority 1,
; CHECK-LABEL: define dso_local double @one(
; CHECK: call double @dot(
; CHECK-LABEL: define dso_local void @matvec(
; CHECK-NOT: call {{.*}}@dot(
; CHECK: ret void
;
; static double dot(const double *a, const double *x, long m) {
;   double s = 0;
;   for (long j = 0; j < m; j++)
;     s += a[j] * x[j];
;   return s;
; }
;
; double one(const double *a, const double *x, long m) { return dot(a, x, m); }
;
; void matvec(const double *a, const double *x, double *y, long n, long m) {
;   for (long i = 0; i < n; i++)
;     y[i] = dot(a + i * m, x, m);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local double @one(ptr noundef %a, ptr noundef %x, i64 noundef %m) #0 {
entry:
  %a.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %m.addr = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store i64 %m, ptr %m.addr, align 8, !tbaa !9
  %0 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %1 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %2 = load i64, ptr %m.addr, align 8, !tbaa !9
  %call = call double @dot(ptr noundef %0, ptr noundef %1, i64 noundef %2)
  ret double %call
}

; Function Attrs: nounwind uwtable
define internal double @dot(ptr noundef %a, ptr noundef %x, i64 noundef %m) #0 {
entry:
  %a.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %m.addr = alloca i64, align 8
  %s = alloca double, align 8
  %j = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store i64 %m, ptr %m.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store double 0.000000e+00, ptr %s, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %j) #3
  store i64 0, ptr %j, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %j, align 8, !tbaa !9
  %1 = load i64, ptr %m.addr, align 8, !tbaa !9
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %j) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %3 = load i64, ptr %j, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds double, ptr %2, i64 %3
  %4 = load double, ptr %arrayidx, align 8, !tbaa !11
  %5 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %6 = load i64, ptr %j, align 8, !tbaa !9
  %arrayidx1 = getelementptr inbounds double, ptr %5, i64 %6
  %7 = load double, ptr %arrayidx1, align 8, !tbaa !11
  %8 = load double, ptr %s, align 8, !tbaa !11
  %9 = call double @llvm.fmuladd.f64(double %4, double %7, double %8)
  store double %9, ptr %s, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i64, ptr %j, align 8, !tbaa !9
  %inc = add nsw i64 %10, 1
  store i64 %inc, ptr %j, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  %11 = load double, ptr %s, align 8, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  ret double %11
}

; Function Attrs: nounwind uwtable
define dso_local void @matvec(ptr noundef %a, ptr noundef %x, ptr noundef %y, i64 noundef %n, i64 noundef %m) #0 {
entry:
  %a.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %y.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %m.addr = alloca i64, align 8
  %i = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store ptr %y, ptr %y.addr, align 8, !tbaa !5
  store i64 %n, ptr %n.addr, align 8, !tbaa !9
  store i64 %m, ptr %m.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 0, ptr %i, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !9
  %1 = load i64, ptr %n.addr, align 8, !tbaa !9
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %3 = load i64, ptr %i, align 8, !tbaa !9
  %4 = load i64, ptr %m.addr, align 8, !tbaa !9
  %mul = mul nsw i64 %3, %4
  %add.ptr = getelementptr inbounds double, ptr %2, i64 %mul
  %5 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %6 = load i64, ptr %m.addr, align 8, !tbaa !9
  %call = call double @dot(ptr noundef %add.ptr, ptr noundef %5, i64 noundef %6)
  %7 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %8 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds double, ptr %7, i64 %8
  store double %call, ptr %arrayidx, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %9 = load i64, ptr %i, align 8, !tbaa !9
  %inc = add nsw i64 %9, 1
  store i64 %inc, ptr %i, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !15

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
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
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
