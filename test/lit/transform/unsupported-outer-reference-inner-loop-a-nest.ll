; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks=outcore -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s
;
; The check loop steps by a run-time stride, so its own references (rowptr[r],
; y[r]) are not affine in its counter: it is refused with that reason, but the
; row product inside it (an inlined helper's loop, as in a CG benchmark's check)
; is a nest of its own and gets hints. Before, the whole nest was refused.
; CHECK-DAG: remark: {{.*}}prefetch of val+(8 * v0) with tag
; CHECK-DAG: remark: {{.*}}prefetch of col+(4 * v0) with tag
; CHECK-DAG: remark: {{.*}}loop nest not transformed: the address of a reference to 'rowptr' is not an affine function of the loop counters
;
; int checks(const long *rowptr, const int *col, const double *val, const double *v,
;            const double *y, long rows) {
;   int ok = 1;
;   for (long r = 0; r < rows; r += rows / 7 + 1) {
;     double s = 0;
;     for (long k = rowptr[r]; k < rowptr[r + 1]; k++)
;       s += val[k] * v[col[k]];
;     ok &= y[r] == s;
;   }
;   return ok;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local i32 @checks(ptr noundef %rowptr, ptr noundef %col, ptr noundef %val, ptr noundef %v, ptr noundef %y, i64 noundef %rows) #0 {
entry:
  %rowptr.addr = alloca ptr, align 8
  %col.addr = alloca ptr, align 8
  %val.addr = alloca ptr, align 8
  %v.addr = alloca ptr, align 8
  %y.addr = alloca ptr, align 8
  %rows.addr = alloca i64, align 8
  %ok = alloca i32, align 4
  %r = alloca i64, align 8
  %cleanup.dest.slot = alloca i32, align 4
  %s = alloca double, align 8
  %k = alloca i64, align 8
  store ptr %rowptr, ptr %rowptr.addr, align 8, !tbaa !5
  store ptr %col, ptr %col.addr, align 8, !tbaa !5
  store ptr %val, ptr %val.addr, align 8, !tbaa !5
  store ptr %v, ptr %v.addr, align 8, !tbaa !5
  store ptr %y, ptr %y.addr, align 8, !tbaa !5
  store i64 %rows, ptr %rows.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 4, ptr %ok) #3
  store i32 1, ptr %ok, align 4, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 8, ptr %r) #3
  store i64 0, ptr %r, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc11, %entry
  %0 = load i64, ptr %r, align 8, !tbaa !9
  %1 = load i64, ptr %rows.addr, align 8, !tbaa !9
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %r) #3
  br label %for.end14

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store double 0.000000e+00, ptr %s, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 8, ptr %k) #3
  %2 = load ptr, ptr %rowptr.addr, align 8, !tbaa !5
  %3 = load i64, ptr %r, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds i64, ptr %2, i64 %3
  %4 = load i64, ptr %arrayidx, align 8, !tbaa !9
  store i64 %4, ptr %k, align 8, !tbaa !9
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc, %for.body
  %5 = load i64, ptr %k, align 8, !tbaa !9
  %6 = load ptr, ptr %rowptr.addr, align 8, !tbaa !5
  %7 = load i64, ptr %r, align 8, !tbaa !9
  %add = add nsw i64 %7, 1
  %arrayidx2 = getelementptr inbounds i64, ptr %6, i64 %add
  %8 = load i64, ptr %arrayidx2, align 8, !tbaa !9
  %cmp3 = icmp slt i64 %5, %8
  br i1 %cmp3, label %for.body5, label %for.cond.cleanup4

for.cond.cleanup4:                                ; preds = %for.cond1
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr %k) #3
  br label %for.end

for.body5:                                        ; preds = %for.cond1
  %9 = load ptr, ptr %val.addr, align 8, !tbaa !5
  %10 = load i64, ptr %k, align 8, !tbaa !9
  %arrayidx6 = getelementptr inbounds double, ptr %9, i64 %10
  %11 = load double, ptr %arrayidx6, align 8, !tbaa !13
  %12 = load ptr, ptr %v.addr, align 8, !tbaa !5
  %13 = load ptr, ptr %col.addr, align 8, !tbaa !5
  %14 = load i64, ptr %k, align 8, !tbaa !9
  %arrayidx7 = getelementptr inbounds i32, ptr %13, i64 %14
  %15 = load i32, ptr %arrayidx7, align 4, !tbaa !11
  %idxprom = sext i32 %15 to i64
  %arrayidx8 = getelementptr inbounds double, ptr %12, i64 %idxprom
  %16 = load double, ptr %arrayidx8, align 8, !tbaa !13
  %17 = load double, ptr %s, align 8, !tbaa !13
  %18 = call double @llvm.fmuladd.f64(double %11, double %16, double %17)
  store double %18, ptr %s, align 8, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body5
  %19 = load i64, ptr %k, align 8, !tbaa !9
  %inc = add nsw i64 %19, 1
  store i64 %inc, ptr %k, align 8, !tbaa !9
  br label %for.cond1, !llvm.loop !15

for.end:                                          ; preds = %for.cond.cleanup4
  %20 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %21 = load i64, ptr %r, align 8, !tbaa !9
  %arrayidx9 = getelementptr inbounds double, ptr %20, i64 %21
  %22 = load double, ptr %arrayidx9, align 8, !tbaa !13
  %23 = load double, ptr %s, align 8, !tbaa !13
  %cmp10 = fcmp oeq double %22, %23
  %conv = zext i1 %cmp10 to i32
  %24 = load i32, ptr %ok, align 4, !tbaa !11
  %and = and i32 %24, %conv
  store i32 %and, ptr %ok, align 4, !tbaa !11
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  br label %for.inc11

for.inc11:                                        ; preds = %for.end
  %25 = load i64, ptr %rows.addr, align 8, !tbaa !9
  %div = sdiv i64 %25, 7
  %add12 = add nsw i64 %div, 1
  %26 = load i64, ptr %r, align 8, !tbaa !9
  %add13 = add nsw i64 %26, %add12
  store i64 %add13, ptr %r, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !17

for.end14:                                        ; preds = %for.cond.cleanup
  %27 = load i32, ptr %ok, align 4, !tbaa !11
  store i32 1, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %ok) #3
  ret i32 %27
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

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
!12 = !{!"int", !7, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"double", !7, i64 0}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = distinct !{!17, !16}
