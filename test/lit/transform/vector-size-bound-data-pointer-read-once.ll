; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s
;
; Inlined, size() and operator[] each read y's data pointer. Rotation makes
; the first iteration's read a phi's entry value, and the hoisted read of the
; same field is another load: one load once both are before the loop, so y[i]
; has an address the pass can compute.
; CHECK-NOT: loop nest not transformed
; CHECK: remark: {{.*}}prefetch of x with tag 1
; CHECK: remark: {{.*}}prefetch of y with tag 2
; CHECK: remark: {{.*}}release of y with tag 2
;
; // An index loop bounded by size(): the bound and each v[i] read the data
; // pointer, as std::vector's size() and operator[] do.
; struct Vec {
;   double *first, *last;
;   unsigned long size() const { return last - first; }
;   double &operator[](unsigned long i) { return first[i]; }
; };
;
; void axpy(Vec &y, Vec &x, double a) {
;   for (unsigned long i = 0; i < y.size(); i++)
;     y[i] += a * x[i];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Vec = type { ptr, ptr }

$_ZNK3Vec4sizeEv = comdat any

$_ZN3VecixEm = comdat any

; Function Attrs: mustprogress uwtable
define dso_local void @_Z4axpyR3VecS0_d(ptr noundef nonnull align 8 dereferenceable(16) %y, ptr noundef nonnull align 8 dereferenceable(16) %x, double noundef %a) #0 {
entry:
  %y.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %a.addr = alloca double, align 8
  %i = alloca i64, align 8
  store ptr %y, ptr %y.addr, align 8, !tbaa !5
  store ptr %x, ptr %x.addr, align 8, !tbaa !5
  store double %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #4
  store i64 0, ptr %i, align 8, !tbaa !11
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !11
  %1 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %call = call noundef i64 @_ZNK3Vec4sizeEv(ptr noundef nonnull align 8 dereferenceable(16) %1)
  %cmp = icmp ult i64 %0, %call
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load double, ptr %a.addr, align 8, !tbaa !9
  %3 = load ptr, ptr %x.addr, align 8, !tbaa !5
  %4 = load i64, ptr %i, align 8, !tbaa !11
  %call1 = call noundef nonnull align 8 dereferenceable(8) ptr @_ZN3VecixEm(ptr noundef nonnull align 8 dereferenceable(16) %3, i64 noundef %4)
  %5 = load double, ptr %call1, align 8, !tbaa !9
  %6 = load ptr, ptr %y.addr, align 8, !tbaa !5
  %7 = load i64, ptr %i, align 8, !tbaa !11
  %call2 = call noundef nonnull align 8 dereferenceable(8) ptr @_ZN3VecixEm(ptr noundef nonnull align 8 dereferenceable(16) %6, i64 noundef %7)
  %8 = load double, ptr %call2, align 8, !tbaa !9
  %9 = call double @llvm.fmuladd.f64(double %2, double %5, double %8)
  store double %9, ptr %call2, align 8, !tbaa !9
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %10 = load i64, ptr %i, align 8, !tbaa !11
  %inc = add i64 %10, 1
  store i64 %inc, ptr %i, align 8, !tbaa !11
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK3Vec4sizeEv(ptr noundef nonnull align 8 dereferenceable(16) %this) #2 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  %this1 = load ptr, ptr %this.addr, align 8
  %last = getelementptr inbounds %struct.Vec, ptr %this1, i32 0, i32 1
  %0 = load ptr, ptr %last, align 8, !tbaa !15
  %first = getelementptr inbounds %struct.Vec, ptr %this1, i32 0, i32 0
  %1 = load ptr, ptr %first, align 8, !tbaa !17
  %sub.ptr.lhs.cast = ptrtoint ptr %0 to i64
  %sub.ptr.rhs.cast = ptrtoint ptr %1 to i64
  %sub.ptr.sub = sub i64 %sub.ptr.lhs.cast, %sub.ptr.rhs.cast
  %sub.ptr.div = sdiv exact i64 %sub.ptr.sub, 8
  ret i64 %sub.ptr.div
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef nonnull align 8 dereferenceable(8) ptr @_ZN3VecixEm(ptr noundef nonnull align 8 dereferenceable(16) %this, i64 noundef %i) #2 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  %i.addr = alloca i64, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  store i64 %i, ptr %i.addr, align 8, !tbaa !11
  %this1 = load ptr, ptr %this.addr, align 8
  %first = getelementptr inbounds %struct.Vec, ptr %this1, i32 0, i32 0
  %0 = load ptr, ptr %first, align 8, !tbaa !17
  %1 = load i64, ptr %i.addr, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds double, ptr %0, i64 %1
  ret ptr %arrayidx
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }


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
!10 = !{!"double", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!16, !6, i64 8}
!16 = !{!"_ZTS3Vec", !6, i64 0, !6, i64 8}
!17 = !{!16, !6, i64 0}
