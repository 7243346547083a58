; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; Without the accessors inlined (as std::vector's operator[] is before the inliner
; runs), the loop calls them; inlined first, it reads and writes arrays.
; CALL: remark: {{.*}}loop nest not transformed: the loop calls 'at', which may access memory the analysis cannot see
; CHECK: remark: {{.*}}prefetch of x with tag 1
; CHECK: remark: {{.*}}prefetch of y with tag 2
; CHECK-LABEL: define dso_local void @scale(
; CHECK-NOT: call {{.*}}@at(
; CHECK-NOT: call {{.*}}@put(
; CHECK: call void @oc_prefetch_block(
;
; // A loop over an accessor, as a std::vector's operator[] is before the inliner runs.
; static inline double at(const double *a, long i) { return a[i]; }
; static inline void put(double *a, long i, double v) { a[i] = v; }
; 
; void scale(long n, const double *x, double *y) {
;   for (long i = 0; i < n; i++)
;     put(y, i, 2.0 * at(x, i));
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @scale(i64 noundef %n, ptr noundef %x, ptr noundef %y) #0 {
entry:
  %n.addr = alloca i64, align 8
  %x.addr = alloca ptr, align 8
  %y.addr = alloca ptr, align 8
  %i = alloca i64, align 8
  store i64 %n, ptr %n.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !9
  store ptr %y, ptr %y.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 0, ptr %i, align 8, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !5
  %1 = load i64, ptr %n.addr, align 8, !tbaa !5
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %y.addr, align 8, !tbaa !9
  %3 = load i64, ptr %i, align 8, !tbaa !5
  %4 = load ptr, ptr %x.addr, align 8, !tbaa !9
  %5 = load i64, ptr %i, align 8, !tbaa !5
  %call = call double @at(ptr noundef %4, i64 noundef %5)
  %mul = fmul double 2.000000e+00, %call
  call void @put(ptr noundef %2, i64 noundef %3, double noundef %mul)
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i64, ptr %i, align 8, !tbaa !5
  %inc = add nsw i64 %6, 1
  store i64 %inc, ptr %i, align 8, !tbaa !5
  br label %for.cond, !llvm.loop !11

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

define internal void @put(ptr noundef %a, i64 noundef %i, double noundef %v) #2 {
entry:
  %a.addr = alloca ptr, align 8
  %i.addr = alloca i64, align 8
  %v.addr = alloca double, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !9
  store i64 %i, ptr %i.addr, align 8, !tbaa !5
  store double %v, ptr %v.addr, align 8, !tbaa !14
  %0 = load double, ptr %v.addr, align 8, !tbaa !14
  %1 = load ptr, ptr %a.addr, align 8, !tbaa !9
  %2 = load i64, ptr %i.addr, align 8, !tbaa !5
  %arrayidx = getelementptr inbounds double, ptr %1, i64 %2
  store double %0, ptr %arrayidx, align 8, !tbaa !14
  ret void
}

define internal double @at(ptr noundef %a, i64 noundef %i) #2 {
entry:
  %a.addr = alloca ptr, align 8
  %i.addr = alloca i64, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !9
  store i64 %i, ptr %i.addr, align 8, !tbaa !5
  %0 = load ptr, ptr %a.addr, align 8, !tbaa !9
  %1 = load i64, ptr %i.addr, align 8, !tbaa !5
  %arrayidx = getelementptr inbounds double, ptr %0, i64 %1
  %2 = load double, ptr %arrayidx, align 8, !tbaa !14
  ret double %2
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { inlinehint nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

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
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !7, i64 0}
