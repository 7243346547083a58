; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; randlc has no loop and calls nothing, but is too long for an accessor: a leaf
; helper, inlined where a loop calls it (as clang's inliner would later), so the
; loop's only array gets hints; the call outside any loop stays.
; CALL: remark: {{.*}}loop nest not transformed: the loop calls 'randlc', which may access memory the analysis cannot see
; CHECK: remark: {{.*}}prefetch of a with tag 1
; CHECK-LABEL: define dso_local double @first(
; CHECK: call double @randlc(
; CHECK-LABEL: define dso_local void @fill(
; CHECK-NOT: call {{.*}}@randlc(
; CHECK: ret void
;
; // A random-number generator as NPB writes it: no loop, no call, a few dozen
; // instructions, and a store through its pointer argument.
; static double randlc(double *x, double a) {
;   const double r23 = 1.1920928955078125e-07, r46 = r23 * r23, t23 = 8.388608e+06,
;                t46 = t23 * t23;
;   double t1 = r23 * a, a1 = (int)t1, a2 = a - t23 * a1;
;   t1 = r23 * (*x);
;   double x1 = (int)t1, x2 = *x - t23 * x1;
;   t1 = a1 * x2 + a2 * x1;
;   double t2 = (int)(r23 * t1), z = t1 - t23 * t2, t3 = t23 * z + a2 * x2;
;   double t4 = (int)(r46 * t3);
;   *x = t3 - t46 * t4;
;   return r46 * (*x);
; }
;
; double first(double *seed) { return randlc(seed, 5.0); }
;
; void fill(double *a, long n, double *seed) {
;   for (long i = 0; i < n; i++)
;     a[i] = randlc(seed, 1220703125.0);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local double @first(ptr noundef %seed) #0 {
entry:
  %seed.addr = alloca ptr, align 8
  store ptr %seed, ptr %seed.addr, align 8, !tbaa !5
  %0 = load ptr, ptr %seed.addr, align 8, !tbaa !5
  %call = call double @randlc(ptr noundef %0, double noundef 5.000000e+00)
  ret double %call
}

; Function Attrs: nounwind uwtable
define internal double @randlc(ptr noundef %x, double noundef %a) #0 {
entry:
  %x.addr = alloca ptr, align 8
  %a.addr = alloca double, align 8
  %r23 = alloca double, align 8
  %r46 = alloca double, align 8
  %t23 = alloca double, align 8
  %t46 = alloca double, align 8
  %t1 = alloca double, align 8
  %a1 = alloca double, align 8
  %a2 = alloca double, align 8
  %x1 = alloca double, align 8
  %x2 = alloca double, align 8
  %t2 = alloca double, align 8
  %z = alloca double, align 8
  %t3 = alloca double, align 8
  %t4 = alloca double, align 8
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store double %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %r23) #3
  store double 0x3E80000000000000, ptr %r23, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %r46) #3
  store double 0x3D10000000000000, ptr %r46, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t23) #3
  store double 0x4160000000000000, ptr %t23, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t46) #3
  store double 0x42D0000000000000, ptr %t46, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t1) #3
  %0 = load double, ptr %a.addr, align 8, !tbaa !9
  %mul = fmul double 0x3E80000000000000, %0
  store double %mul, ptr %t1, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %a1) #3
  %1 = load double, ptr %t1, align 8, !tbaa !9
  %conv = fptosi double %1 to i32
  %conv1 = sitofp i32 %conv to double
  store double %conv1, ptr %a1, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %a2) #3
  %2 = load double, ptr %a.addr, align 8, !tbaa !9
  %3 = load double, ptr %a1, align 8, !tbaa !9
  %4 = call double @llvm.fmuladd.f64(double 0xC160000000000000, double %3, double %2)
  store double %4, ptr %a2, align 8, !tbaa !9
  %5 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %6 = load double, ptr %5, align 8, !tbaa !9
  %mul3 = fmul double 0x3E80000000000000, %6
  store double %mul3, ptr %t1, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %x1) #3
  %7 = load double, ptr %t1, align 8, !tbaa !9
  %conv4 = fptosi double %7 to i32
  %conv5 = sitofp i32 %conv4 to double
  store double %conv5, ptr %x1, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %x2) #3
  %8 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %9 = load double, ptr %8, align 8, !tbaa !9
  %10 = load double, ptr %x1, align 8, !tbaa !9
  %11 = call double @llvm.fmuladd.f64(double 0xC160000000000000, double %10, double %9)
  store double %11, ptr %x2, align 8, !tbaa !9
  %12 = load double, ptr %a1, align 8, !tbaa !9
  %13 = load double, ptr %x2, align 8, !tbaa !9
  %14 = load double, ptr %a2, align 8, !tbaa !9
  %15 = load double, ptr %x1, align 8, !tbaa !9
  %mul8 = fmul double %14, %15
  %16 = call double @llvm.fmuladd.f64(double %12, double %13, double %mul8)
  store double %16, ptr %t1, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t2) #3
  %17 = load double, ptr %t1, align 8, !tbaa !9
  %mul9 = fmul double 0x3E80000000000000, %17
  %conv10 = fptosi double %mul9 to i32
  %conv11 = sitofp i32 %conv10 to double
  store double %conv11, ptr %t2, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %z) #3
  %18 = load double, ptr %t1, align 8, !tbaa !9
  %19 = load double, ptr %t2, align 8, !tbaa !9
  %20 = call double @llvm.fmuladd.f64(double 0xC160000000000000, double %19, double %18)
  store double %20, ptr %z, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t3) #3
  %21 = load double, ptr %z, align 8, !tbaa !9
  %22 = load double, ptr %a2, align 8, !tbaa !9
  %23 = load double, ptr %x2, align 8, !tbaa !9
  %mul14 = fmul double %22, %23
  %24 = call double @llvm.fmuladd.f64(double 0x4160000000000000, double %21, double %mul14)
  store double %24, ptr %t3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %t4) #3
  %25 = load double, ptr %t3, align 8, !tbaa !9
  %mul15 = fmul double 0x3D10000000000000, %25
  %conv16 = fptosi double %mul15 to i32
  %conv17 = sitofp i32 %conv16 to double
  store double %conv17, ptr %t4, align 8, !tbaa !9
  %26 = load double, ptr %t3, align 8, !tbaa !9
  %27 = load double, ptr %t4, align 8, !tbaa !9
  %28 = call double @llvm.fmuladd.f64(double 0xC2D0000000000000, double %27, double %26)
  %29 = load ptr, ptr %x.addr, align 8, !tbaa !5
  store double %28, ptr %29, align 8, !tbaa !9
  %30 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %31 = load double, ptr %30, align 8, !tbaa !9
  %mul19 = fmul double 0x3D10000000000000, %31
  call void @llvm.lifetime.end.p0(i64 8, ptr %t4) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %t3) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %z) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %t2) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %x2) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %x1) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %a2) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %a1) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %t1) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %t46) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %t23) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %r46) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %r23) #3
  ret double %mul19
}

; Function Attrs: nounwind uwtable
define dso_local void @fill(ptr noundef %a, i64 noundef %n, ptr noundef %seed) #0 {
entry:
  %a.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %seed.addr = alloca ptr, align 8
  %i = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  store i64 %n, ptr %n.addr, align 8, !tbaa !11
  store ptr %seed, ptr %seed.addr, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 0, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %1 = load i64, ptr %n.addr, align 8, !tbaa !11
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %seed.addr, align 8, !tbaa !5
  %call = call double @randlc(ptr noundef %2, double noundef 0x41D2309CE5400000)
  %3 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %4 = load i64, ptr %i, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds double, ptr %3, i64 %4
  store double %call, ptr %arrayidx, align 8, !tbaa !9
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %5 = load i64, ptr %i, align 8, !tbaa !11
  %inc = add nsw i64 %5, 1
  store i64 %inc, ptr %i, align 8, !tbaa !11
  br label %for.cond, !llvm.loop !13

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
!10 = !{!"double", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
