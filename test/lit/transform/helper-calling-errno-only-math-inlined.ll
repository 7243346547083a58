; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; squash calls expf, a math function that at most sets errno: it is still an
; accessor, inlined, and the loop that calls expf in its place gets hints.
; CALL: remark: {{.*}}loop nest not transformed: the loop calls 'squash', which may access memory the analysis cannot see
; CHECK: remark: {{.*}}prefetch of x with tag 1
; CHECK: remark: {{.*}}prefetch of y with tag 2
; CHECK-LABEL: define dso_local void @activate(
; CHECK-NOT: call {{.*}}@squash(
; CHECK: ret void
;
; // A sigmoid helper as Rodinia's backprop writes it: its only call is expf,
; // which at most sets errno; the analysis accepts that call in a loop.
; float expf(float);
;
; static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }
;
; void activate(float *y, const float *x, long n) {
;   for (long i = 0; i < n; i++)
;     y[i] = squash(x[i]);
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @activate(ptr noundef %y, ptr noundef %x, i64 noundef %n) #0 {
entry:
  %y.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %n.addr = alloca i64, align 8
  %i = alloca i64, align 8
  store ptr %y, ptr %y.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store i64 %n, ptr %n.addr, align 8, !tbaa !9
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
  %2 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %3 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds float, ptr %2, i64 %3
  %4 = load float, ptr %arrayidx, align 4, !tbaa !11
  %call = call float @squash(float noundef %4)
  %5 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %6 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx1 = getelementptr inbounds float, ptr %5, i64 %6
  store float %call, ptr %arrayidx1, align 4, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %7 = load i64, ptr %i, align 8, !tbaa !9
  %inc = add nsw i64 %7, 1
  store i64 %inc, ptr %i, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define internal float @squash(float noundef %x) #0 {
entry:
  %x.addr = alloca float, align 4
  store float %x, ptr %x.addr, align 4, !tbaa !11
  %0 = load float, ptr %x.addr, align 4, !tbaa !11
  %fneg = fneg float %0
  %call = call float @expf(float noundef %fneg) #3, !tbaa !15
  %add = fadd float 1.000000e+00, %call
  %div = fdiv float 1.000000e+00, %add
  ret float %div
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare float @expf(float noundef) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !7, i64 0}
